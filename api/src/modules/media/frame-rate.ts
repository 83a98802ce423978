import { open } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';

/** Bytes read at a time; the moov box may be at the end of the file (not "fast start"). */
const CHUNK = 1 << 20;
const MIN_FPS = 1;
const MAX_FPS = 240;

/**
 * The frame rate of an MP4 or MOV video, read from its container with mp4box.js (GPAC's parser
 * in JavaScript; no native binary): the first video track's samples over its media duration, so a
 * variable-rate phone video gets its average. Null when the file is not ISO-BMFF (WebM), has no
 * video track, or the rate makes no sense; the player then measures it in the browser.
 */
export async function readFrameRate(path: string): Promise<number | null> {
  const movie = await readMovie(path);
  return movie ? frameRateOf(movie) : null;
}

/** The ISO-BMFF (MP4, MOV) movie header of a file, or null when it is not one or unreadable. */
export async function readMovie(path: string): Promise<Movie | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const file = createFile();
    let movie: Movie | null = null;
    let failed = false;
    file.onReady = (info) => {
      movie = info;
    };
    file.onError = () => {
      failed = true;
    };
    const { size } = await handle.stat();
    // only an ISO-BMFF file (MP4, MOV) starts with a box whose type is ftyp: mp4box would log
    // an error for anything else (WebM)
    const head = new Uint8Array(8);
    await handle.read(head, 0, 8, 0);
    if (Buffer.from(head.subarray(4, 8)).toString('latin1') !== 'ftyp') return null;
    let offset = 0;
    while (!movie && !failed && offset < size) {
      const bytes = new Uint8Array(Math.min(CHUNK, size - offset));
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
      if (bytesRead === 0) break;
      const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(0, bytesRead), offset);
      // appendBuffer answers the next offset it needs (it skips an mdat it does not keep)
      const next = file.appendBuffer(buffer, offset + bytesRead >= size);
      offset = next > offset ? next : offset + bytesRead;
    }
    file.flush();
    return movie;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

export function frameRateOf(movie: Pick<Movie, 'videoTracks'>): number | null {
  const track = movie.videoTracks[0];
  if (!track || !track.nb_samples || !track.timescale) return null;
  const seconds = (track.samples_duration || track.duration) / track.timescale;
  if (!(seconds > 0)) return null;
  const fps = Math.round((track.nb_samples / seconds) * 1000) / 1000;
  return fps >= MIN_FPS && fps <= MAX_FPS ? fps : null;
}
