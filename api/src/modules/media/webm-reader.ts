import type { FileHandle } from 'node:fs/promises';
import { MediaReadError, type MediaReadBounds, type RawMediaFacts } from './media-facts.js';

// A WebM (Matroska's EBML) walk that reads only what a practice clip or voice note needs: the
// header's duration, the tracks, and each block's time (a recording from the browser's
// MediaRecorder has no duration and no index in its header: its blocks are the only clock). A
// stranger's file decides nothing about the cost: the blocks are capped at the longest clip
// allowed times a ceiling of blocks per second, the elements at a multiple of that, and the walk
// at a time budget; over any of them the file is refused, not read further.

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;
/** Elements walked into (their children are read); every other one is skipped by its size. */
const CONTAINERS = new Set<number>([
  ID.segment,
  ID.info,
  ID.tracks,
  ID.trackEntry,
  ID.video,
  ID.cluster,
  ID.blockGroup,
]);
export const EBML_MAGIC = 0x1a45dfa3;

/**
 * Blocks a second of recording may hold: video up to 240 frames a second plus audio packets of
 * 10 ms or more (MediaRecorder writes Opus packets of 20 ms).
 */
export const BLOCKS_PER_SECOND = 400;
/** Elements per block: a BlockGroup, its Block, duration, references, and the clusters around. */
const ELEMENTS_PER_BLOCK = 6;
/** Tracks a clip or voice note may declare (a recording has one or two). */
const MAX_TRACKS = 16;
/** The longest value read of an element this walk reads (codec ids, numbers). */
const MAX_VALUE_BYTES = 64;
/** Bytes read from the file at a time. */
const WINDOW = 256 * 1024;
/** How often (in elements) the walk looks at the clock. */
const CLOCK_EVERY = 1024;

/** A window of the file: refilled by a positional read, read synchronously in between. */
class Window {
  start = 0;
  buf = Buffer.alloc(0);
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Whether `[pos, pos + n)` is in the window (most reads: blocks are close together). */
  has(pos: number, n: number): boolean {
    return pos >= this.start && pos + n <= this.start + this.buf.length;
  }

  /** Reads the window from `pos` (at least `n` bytes, what of them the file holds). */
  async fill(pos: number, n: number): Promise<void> {
    const buf = Buffer.alloc(Math.min(Math.max(n, WINDOW), Math.max(0, this.size - pos)));
    const { bytesRead } = await this.handle.read(buf, 0, buf.length, pos);
    this.start = pos;
    this.buf = buf.subarray(0, bytesRead);
  }

  /** The bytes at `[pos, pos + n)`, shorter when the file ends first; `fill` them first. */
  bytes(pos: number, n: number): Buffer {
    return this.buf.subarray(pos - this.start, pos - this.start + n);
  }

  /**
   * The variable-length integer at `pos` (marker kept for ids) into `out`; false where none can
   * start (a zero byte, padding) or the window ends inside it.
   */
  vint(pos: number, keepMarker: boolean, out: Vint): boolean {
    const at = pos - this.start;
    const b = this.buf;
    const first = b[at];
    if (first === undefined || first === 0) return false;
    const length = Math.clz32(first) - 23;
    if (at + length > b.length) return false;
    let value = keepMarker ? first : first & (0xff >> length);
    let allOnes = value === 0xff >> length;
    for (let i = 1; i < length; i++) {
      const x = b[at + i]!;
      value = value * 256 + x;
      if (x !== 0xff) allOnes = false;
    }
    out.value = value;
    out.length = length;
    out.unknown = !keepMarker && allOnes;
    return true;
  }
}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** The value of a leaf element this walk reads (a number, a codec id): short, or the file lies. */
async function valueAt(w: Window, data: number, length: number): Promise<Buffer> {
  if (length > MAX_VALUE_BYTES) {
    throw new MediaReadError('malformed', `an element of ${length} bytes where a value is`);
  }
  if (!w.has(data, length)) await w.fill(data, length);
  return w.bytes(data, length);
}

function uint(b: Buffer): number {
  if (b.length > 8) throw new MediaReadError('malformed', 'a number longer than 8 bytes');
  return b.reduce((v, x) => v * 256 + x, 0);
}

interface WebmTrack {
  number: number;
  type: number;
  codec: string | null;
  width: number | null;
  height: number | null;
}

/** Block times of one track: first, last and how many, without keeping a list. */
class Clock {
  count = 0;
  min = Infinity;
  max = -Infinity;
  add(t: number) {
    this.count += 1;
    if (t < this.min) this.min = t;
    if (t > this.max) this.max = t;
  }
}

/** The facts of a WebM file (the caller checked its EBML magic and closes the handle). */
export async function readWebm(
  handle: FileHandle,
  size: number,
  bounds: MediaReadBounds,
): Promise<RawMediaFacts> {
  const maxBlocks = Math.ceil(bounds.maxSeconds + 1) * BLOCKS_PER_SECOND;
  const maxElements = maxBlocks * ELEMENTS_PER_BLOCK + 10_000;
  const w = new Window(handle, size);
  let scale = 1_000_000;
  let declared: number | null = null;
  const tracks: WebmTrack[] = [];
  let track: WebmTrack | null = null;
  let videoNumber: number | null = null;
  let clusterTime = 0;
  const all = new Clock();
  const video = new Clock();
  let blocks = 0;
  // a block past the longest clip allowed ends the walk: the file is too long, whatever follows
  let pastLongest = false;
  const toSeconds = (ticks: number) => (ticks * scale) / 1e9;
  const id: Vint = { value: 0, length: 0, unknown: false };
  const len: Vint = { value: 0, length: 0, unknown: false };
  const tn: Vint = { value: 0, length: 0, unknown: false };
  let pos = 0;
  walk: for (let n = 0; pos < size; n++) {
    if (n >= maxElements) throw new MediaReadError('too_complex', 'too many elements');
    if (n % CLOCK_EVERY === 0 && performance.now() > bounds.deadline) {
      throw new MediaReadError('too_complex', 'the file takes too long to read');
    }
    // an element's id and size take at most 12 bytes; a block's track and time 10 more
    if (!w.has(pos, 24)) await w.fill(pos, 24);
    // no element starts here (padding, a cut): what was read so far is the file
    if (!w.vint(pos, true, id) || !w.vint(pos + id.length, false, len)) break;
    const data = pos + id.length + len.length;
    if (CONTAINERS.has(id.value)) {
      if (id.value === ID.trackEntry) {
        if (tracks.length >= MAX_TRACKS) throw new MediaReadError('malformed', 'too many tracks');
        track = { number: 0, type: 0, codec: null, width: null, height: null };
        tracks.push(track);
      }
      pos = data;
      continue;
    }
    // a leaf of unknown size, or one past the end: a truncated file, read up to here
    if (len.unknown) break;
    const end = data + len.value;
    if (end > size) break;
    const value = () => valueAt(w, data, len.value);
    switch (id.value) {
      case ID.timecodeScale:
        scale = uint(await value()) || scale;
        break;
      case ID.duration: {
        const b = await value();
        declared = b.length === 4 ? b.readFloatBE(0) : b.length === 8 ? b.readDoubleBE(0) : null;
        if (declared !== null && !Number.isFinite(declared)) {
          throw new MediaReadError('malformed', 'the declared duration is not a number');
        }
        break;
      }
      case ID.trackNumber:
        if (track) track.number = uint(await value());
        break;
      case ID.trackType:
        if (track) track.type = uint(await value());
        break;
      case ID.codecId:
        if (track) track.codec = (await value()).toString('latin1');
        break;
      case ID.pixelWidth:
        if (track) track.width = uint(await value());
        break;
      case ID.pixelHeight:
        if (track) track.height = uint(await value());
        break;
      case ID.timecode:
        clusterTime = uint(await value());
        break;
      case ID.simpleBlock:
      case ID.block: {
        if (++blocks > maxBlocks) {
          throw new MediaReadError(
            'too_complex',
            `more than ${maxBlocks} blocks (${BLOCKS_PER_SECOND} a second of the longest clip)`,
          );
        }
        if (!w.has(data, 10)) await w.fill(data, 10);
        if (!w.vint(data, false, tn) || !w.has(data + tn.length, 2)) {
          throw new MediaReadError('malformed', 'a block ends early');
        }
        const at = clusterTime + w.buf.readInt16BE(data + tn.length - w.start);
        all.add(at);
        if (videoNumber === null) videoNumber = tracks.find((t) => t.type === 1)?.number ?? -1;
        if (tn.value === videoNumber) video.add(at);
        if (toSeconds(at) > bounds.maxSeconds + 1) {
          pastLongest = true;
          break walk;
        }
        break;
      }
    }
    pos = end;
  }
  const v = tracks.find((t) => t.type === 1) ?? null;
  const a = tracks.find((t) => t.type === 2) ?? null;
  if (!v && !a) throw new MediaReadError('not_media', 'no video or audio track');
  let frameRate: number | null = null;
  if (video.count > 2) {
    const span = toSeconds(video.max - video.min);
    const fps = span > 0 ? Math.round(((video.count - 1) / span) * 1000) / 1000 : 0;
    frameRate = fps >= 1 && fps <= 240 ? fps : null;
  }
  // the last block's time plus one frame; the header's duration when written, if the blocks
  // reach it (a header may not promise minutes its blocks do not hold)
  const fromBlocks = all.count > 0 ? toSeconds(all.max) + (frameRate ? 1 / frameRate : 0) : 0;
  let seconds = fromBlocks;
  if (declared !== null && declared > 0) {
    seconds = Math.max(toSeconds(declared), pastLongest ? fromBlocks : 0);
    if (!pastLongest && seconds > fromBlocks + Math.max(1, fromBlocks * 0.05)) {
      throw new MediaReadError(
        'malformed',
        `the header says ${Math.round(seconds)} s but its frames last ${Math.round(fromBlocks)} s`,
      );
    }
  }
  return {
    container: 'webm',
    durationSeconds: seconds,
    frameRate,
    codec: v?.codec ?? a?.codec ?? null,
    width: v ? v.width : null,
    height: v ? v.height : null,
    hasVideo: !!v,
    hasAudio: !!a,
    videoFrames: v ? video.count : 0,
    audioPackets: a ? all.count - video.count : 0,
  };
}
