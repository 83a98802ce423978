import { open, type FileHandle } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { MediaReadError } from './media-facts.js';
import { videoReaders } from './media-reader-pool.js';

/** Bytes read at a time; the moov box may be at the end of the file (not "fast start"). */
const CHUNK = 1 << 20;
const MIN_FPS = 1;
const MAX_FPS = 240;
/** Top-level boxes walked at most (a fragmented recording has two a fragment: moof and mdat). */
const MAX_TOP_BOXES = 20_000;
/** The movie header a class video may have (two hours at 60 fps take about 10 MB). */
const MAX_MOOV_BYTES = 64 * 1_048_576;
/** The samples a class video's tracks may declare together (two hours at 240 fps: 1.7 million). */
const MAX_SAMPLES = 2_000_000;

/**
 * The longest a class video's header may take to read (tens of ms for a real one, even two hours
 * long): past it, the reader worker is ended and the video stored without a frame rate.
 */
const FRAME_RATE_READ_MS = 20_000;

/**
 * The frame rate of an MP4 or MOV video, read from its container with mp4box.js (GPAC's parser
 * in JavaScript; no native binary): the first video track's samples over its media duration, so a
 * variable-rate phone video gets its average. Null when the file is not ISO-BMFF (WebM), has no
 * video track, or the rate makes no sense; the player then measures it in the browser. Read in a
 * reader process with a memory limit and a clock (media-reader-pool.ts): a file that makes mp4box
 * fill its heap or loop also gives null, and the API keeps serving.
 */
export async function readFrameRate(path: string): Promise<number | null> {
  const read = videoReaders.read({ kind: 'frameRate', path }, FRAME_RATE_READ_MS);
  return ((await read.catch(() => null)) as number | null) ?? null;
}

/** What `readFrameRate` reads, in the calling thread (the reader worker runs it). */
export async function frameRateOfFile(path: string): Promise<number | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const movie = await readMovie(handle, size, {
      maxMoovBytes: MAX_MOOV_BYTES,
      maxSamples: MAX_SAMPLES,
      deadline: Infinity,
    });
    return movie ? frameRateOf(movie) : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Only an ISO-BMFF file (MP4, MOV) starts with a box whose type is ftyp. */
export async function isIsoBmff(handle: FileHandle): Promise<boolean> {
  const head = Buffer.alloc(8);
  const { bytesRead } = await handle.read(head, 0, 8, 0);
  return bytesRead === 8 && head.toString('latin1', 4, 8) === 'ftyp';
}

/**
 * The size of the movie header (moov), from a walk over the top-level boxes' headers: mp4box
 * parses all of it in one go, so a header larger than any real one is refused before it is read.
 * Its place and size, or null when the file has none.
 */
async function moovBox(
  handle: FileHandle,
  size: number,
  deadline: number,
): Promise<{ at: number; size: number } | null> {
  const head = Buffer.alloc(16);
  let pos = 0;
  for (let n = 0; pos < size; n++) {
    if (n >= MAX_TOP_BOXES) throw new MediaReadError('too_complex', 'too many top-level boxes');
    if (n % 256 === 0 && performance.now() > deadline) {
      throw new MediaReadError('too_complex', 'the file takes too long to read');
    }
    const { bytesRead } = await handle.read(head, 0, 16, pos);
    if (bytesRead < 8) break;
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (boxSize === 1) {
      if (bytesRead < 16) break;
      boxSize = Number(head.readBigUInt64BE(8));
    } else if (boxSize === 0) boxSize = size - pos;
    if (boxSize < 8) throw new MediaReadError('malformed', `a box of ${boxSize} bytes`);
    if (type === 'moov') return { at: pos, size: boxSize };
    pos += boxSize;
  }
  return null;
}

/**
 * The samples a movie header's sample-size boxes (stsz) declare, all tracks together. mp4box
 * makes an array entry for each declared sample before it looks at anything else, so a header of
 * a few bytes declaring billions of them would fill the process's memory: every `stsz` in the
 * header is counted, wherever it stands.
 */
export function declaredSamples(moov: Buffer): number {
  // type (4), version and flags (4), sample_size (4), sample_count (4)
  return placesOf(moov, 'stsz')
    .filter((at) => at + 16 <= moov.length)
    .reduce((total, at) => total + moov.readUInt32BE(at + 12), 0);
}

/** Every place `type` (a box's four letters) stands in `bytes`. */
function placesOf(bytes: Buffer, type: string): number[] {
  const at: number[] = [];
  for (let i = bytes.indexOf(type, 0, 'latin1'); i >= 0; i = bytes.indexOf(type, i + 4, 'latin1')) {
    at.push(i);
  }
  return at;
}

/**
 * Boxes of a movie header that no fact we take comes from, and whose parsers in mp4box loop over
 * a count of their own without reading a byte per turn (a sample group description declaring
 * billions of empty entries fills the heap): given to mp4box as `free` boxes, which it skips.
 */
const FREE = Buffer.from('free', 'latin1');
const UNREAD_BOXES = ['sgpd', 'sbgp', 'csgp', 'subs', 'saiz', 'saio', 'sdtp', 'stdp', 'padb'];

/**
 * The ISO-BMFF (MP4, MOV) movie header of an open file (its type checked by `isIsoBmff`), or
 * null when mp4box cannot read one. A movie header over `maxMoovBytes` is refused unread.
 */
export async function readMovie(
  handle: FileHandle,
  size: number,
  bounds: { maxMoovBytes: number; maxSamples: number; deadline: number },
): Promise<Movie | null> {
  if (!(await isIsoBmff(handle))) return null;
  const moov = await moovBox(handle, size, bounds.deadline);
  if (!moov) return null;
  if (moov.size > bounds.maxMoovBytes) {
    throw new MediaReadError('too_complex', `a movie header of ${moov.size} bytes`);
  }
  const header = Buffer.alloc(Math.min(moov.size, size - moov.at));
  await handle.read(header, 0, header.length, moov.at);
  const samples = declaredSamples(header);
  if (samples > bounds.maxSamples) {
    throw new MediaReadError('too_complex', `a movie header declaring ${samples} samples`);
  }
  const unread = UNREAD_BOXES.flatMap((type) => placesOf(header, type)).map((i) => moov.at + i);
  const file = createFile();
  let movie: Movie | null = null;
  let failed = false;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };
  let offset = 0;
  while (!movie && !failed && offset < size) {
    if (performance.now() > bounds.deadline) {
      throw new MediaReadError('too_complex', 'the file takes too long to read');
    }
    const bytes = new Uint8Array(Math.min(CHUNK, size - offset));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
    if (bytesRead === 0) break;
    for (const at of unread) {
      if (at >= offset && at + 4 <= offset + bytesRead) bytes.set(FREE, at - offset);
    }
    const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(0, bytesRead), offset);
    // appendBuffer answers the next offset it needs (it skips an mdat it does not keep)
    const next = file.appendBuffer(buffer, offset + bytesRead >= size);
    offset = next > offset ? next : offset + bytesRead;
  }
  file.flush();
  return movie;
}

export function frameRateOf(movie: Pick<Movie, 'videoTracks'>): number | null {
  const track = movie.videoTracks[0];
  if (!track || !track.nb_samples || !track.timescale) return null;
  const seconds = (track.samples_duration || track.duration) / track.timescale;
  if (!(seconds > 0)) return null;
  const fps = Math.round((track.nb_samples / seconds) * 1000) / 1000;
  return fps >= MIN_FPS && fps <= MAX_FPS ? fps : null;
}
