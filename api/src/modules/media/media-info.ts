import { open } from 'node:fs/promises';
import { frameRateOf, readMovie } from './frame-rate.js';
import {
  checkedFacts,
  MediaReadError,
  type MediaInfo,
  type MediaProblem,
  type RawMediaFacts,
} from './media-facts.js';
import { clipReaders, MediaReaderFailure } from './media-reader-pool.js';
import { EBML_MAGIC, readWebm } from './webm-reader.js';

export type { MediaInfo, MediaProblem } from './media-facts.js';

/** The facts of a file, or why they were not taken (`detail` says it in a few words). */
export type MediaProbe =
  { ok: true; info: MediaInfo } | { ok: false; problem: MediaProblem; detail: string };

/**
 * A practice clip's movie header stays small (three minutes at 240 fps take under 1 MB): a larger
 * one is a file built to be expensive.
 */
const MAX_CLIP_MOOV_BYTES = 8 * 1_048_576;
/**
 * The samples a second of a file may declare, its tracks together: a 240 fps video and its AAC
 * sound take under 300.
 */
const MAX_SAMPLES_PER_SECOND = 1000;
/**
 * The longest a read may take, a backstop behind the caps on blocks and boxes: a real recording
 * of the largest size reads in tens of ms, and the caps keep any file's walk as short, so the
 * clock only has to hold on a machine many times busier than its cores.
 */
export const MEDIA_READ_BUDGET_MS = 3000;

/**
 * More time a reader worker gets than the read's own clock (`budgetMs`), which gives the better
 * message: past it, the worker is ended (a parser loop that checks no clock).
 */
export const WORKER_GRACE_MS = 250;

/**
 * Reads duration, frame rate, codec and size from an MP4/MOV (mp4box.js) or a WebM (our bounded
 * EBML walk, webm-reader.ts), and checks each fact against what may be stored (media-facts.ts),
 * in a reader process with a memory limit and a clock (media-reader-pool.ts): a file that makes a
 * parser fill its heap, overflow its stack or loop is refused as too complex, and the API keeps
 * serving. `maxSeconds`, the longest file allowed, bounds how much of a WebM is walked; the whole
 * read stops at `budgetMs`.
 */
export async function readMediaInfo(
  path: string,
  limits: { maxSeconds: number; budgetMs?: number },
): Promise<MediaProbe> {
  const budgetMs = limits.budgetMs ?? MEDIA_READ_BUDGET_MS;
  const job = { kind: 'info', path, limits: { maxSeconds: limits.maxSeconds, budgetMs } } as const;
  try {
    return (await clipReaders.read(job, budgetMs + WORKER_GRACE_MS)) as MediaProbe;
  } catch (err) {
    if (!(err instanceof MediaReaderFailure)) {
      return { ok: false, problem: 'malformed', detail: 'its structure cannot be read' };
    }
    const detail =
      err.reason === 'timeout'
        ? 'the file takes too long to read'
        : 'the file needs more memory to read than any recording';
    return { ok: false, problem: 'too_complex', detail };
  }
}

/** What `readMediaInfo` reads, in the calling thread (the reader worker runs it). */
export async function probeMediaFile(
  path: string,
  limits: { maxSeconds: number; budgetMs?: number },
): Promise<MediaProbe> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return { ok: false, problem: 'not_media', detail: 'the file cannot be opened' };
  const deadline = performance.now() + (limits.budgetMs ?? MEDIA_READ_BUDGET_MS);
  try {
    const { size } = await handle.stat();
    const magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
    let raw: RawMediaFacts | null;
    if (size >= 4 && magic.readUInt32BE(0) === EBML_MAGIC) {
      raw = await readWebm(handle, size, { maxSeconds: limits.maxSeconds, deadline });
    } else {
      const movie = await readMovie(handle, size, {
        maxMoovBytes: MAX_CLIP_MOOV_BYTES,
        maxSamples: limits.maxSeconds * MAX_SAMPLES_PER_SECOND,
        deadline,
      });
      raw = movie && movieFacts(movie);
    }
    if (!raw) return { ok: false, problem: 'not_media', detail: 'not an MP4, MOV or WebM' };
    return { ok: true, info: checkedFacts(raw) };
  } catch (err) {
    if (err instanceof MediaReadError)
      return { ok: false, problem: err.problem, detail: err.detail };
    return { ok: false, problem: 'malformed', detail: 'its structure cannot be read' };
  } finally {
    await handle.close();
  }
}

function movieFacts(movie: NonNullable<Awaited<ReturnType<typeof readMovie>>>): RawMediaFacts {
  const video = movie.videoTracks[0];
  const audio = movie.audioTracks[0];
  return {
    container: 'mp4',
    durationSeconds: movie.timescale > 0 ? movie.duration / movie.timescale : 0,
    frameRate: frameRateOf(movie),
    codec: video?.codec ?? audio?.codec ?? null,
    width: video ? video.video?.width || video.track_width || null : null,
    height: video ? video.video?.height || video.track_height || null : null,
    hasVideo: !!video,
    hasAudio: !!audio,
    videoFrames: video?.nb_samples ?? 0,
    audioPackets: audio?.nb_samples ?? 0,
    fragmented: movie.isFragmented,
  };
}
