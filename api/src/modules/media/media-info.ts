import { open, type FileHandle } from 'node:fs/promises';
import { frameRateOf, readMovie } from './frame-rate.js';

/** What a video or audio file's container says about it (no decoding, no native binary). */
export interface MediaInfo {
  container: 'mp4' | 'webm';
  /** seconds; null when the container does not say and its blocks cannot tell */
  durationSeconds: number | null;
  frameRate: number | null;
  /** the first video track's codec ('avc1.64001f', 'hvc1.1.6.L93.B0', 'V_VP8'), else the audio's */
  codec: string | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/**
 * Reads duration, frame rate, codec and size from an MP4/MOV (mp4box.js) or a WebM (a short EBML
 * walk below). Null when the file is neither or cannot be read. A WebM from the browser's
 * MediaRecorder has no duration in its header: its blocks' timecodes give it.
 */
export async function readMediaInfo(path: string): Promise<MediaInfo | null> {
  const movie = await readMovie(path);
  if (movie) {
    const video = movie.videoTracks[0];
    const audio = movie.audioTracks[0];
    const seconds = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
    return {
      container: 'mp4',
      durationSeconds: seconds > 0 ? seconds : null,
      frameRate: frameRateOf(movie),
      codec: video?.codec ?? audio?.codec ?? null,
      width: video ? video.video?.width || video.track_width || null : null,
      height: video ? video.video?.height || video.track_height || null : null,
      hasVideo: !!video,
      hasAudio: !!audio,
    };
  }
  return readWebm(path);
}

// ---------------------------------------------------------------- WebM (Matroska's EBML)

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
const EBML_MAGIC = 0x1a45dfa3;
/** A walk never reads more elements than this (a hostile file cannot keep it busy). */
const MAX_ELEMENTS = 2_000_000;

/** Positional reads through a 64 KB window (blocks are close together: most reads hit it). */
class Reader {
  private start = 0;
  private buf = Buffer.alloc(0);
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}
  async bytes(pos: number, n: number): Promise<Buffer> {
    if (pos < this.start || pos + n > this.start + this.buf.length) {
      const want = Math.max(n, 65_536);
      const buf = Buffer.alloc(Math.min(want, Math.max(0, this.size - pos)));
      const { bytesRead } = await this.handle.read(buf, 0, buf.length, pos);
      this.start = pos;
      this.buf = buf.subarray(0, bytesRead);
    }
    return this.buf.subarray(pos - this.start, pos - this.start + n);
  }
}

/** A variable-length integer at `pos`: its value (marker kept for ids), length, and "unknown". */
async function vint(
  r: Reader,
  pos: number,
  keepMarker: boolean,
): Promise<{ value: number; length: number; unknown: boolean } | null> {
  const [first] = await r.bytes(pos, 1);
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  const b = await r.bytes(pos, length);
  if (b.length < length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[i];
    if (b[i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const uint = (b: Buffer) => b.reduce((v, x) => v * 256 + x, 0);

interface WebmTrack {
  number: number;
  type: number;
  codec: string | null;
  width: number | null;
  height: number | null;
}

async function readWebm(path: string): Promise<MediaInfo | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const r = new Reader(handle, size);
    if ((await r.bytes(0, 4)).readUInt32BE(0) !== EBML_MAGIC) return null;
    let scale = 1_000_000;
    let declared: number | null = null;
    const tracks: WebmTrack[] = [];
    let track: WebmTrack | null = null;
    let clusterTime = 0;
    let lastTime = -1;
    const videoTimes: number[] = [];
    let pos = 0;
    for (let n = 0; pos < size && n < MAX_ELEMENTS; n++) {
      const id = await vint(r, pos, true);
      if (!id) break;
      const len = await vint(r, pos + id.length, false);
      if (!len) break;
      const data = pos + id.length + len.length;
      if (CONTAINERS.has(id.value)) {
        if (id.value === ID.trackEntry) {
          track = { number: 0, type: 0, codec: null, width: null, height: null };
          tracks.push(track);
        }
        pos = data;
        continue;
      }
      if (len.unknown) break;
      const end = data + len.value;
      if (end > size) break;
      switch (id.value) {
        case ID.timecodeScale:
          scale = uint(await r.bytes(data, len.value)) || scale;
          break;
        case ID.duration: {
          const b = await r.bytes(data, len.value);
          declared =
            len.value === 4 ? b.readFloatBE(0) : len.value === 8 ? b.readDoubleBE(0) : null;
          break;
        }
        case ID.trackNumber:
          if (track) track.number = uint(await r.bytes(data, len.value));
          break;
        case ID.trackType:
          if (track) track.type = uint(await r.bytes(data, len.value));
          break;
        case ID.codecId:
          if (track) track.codec = (await r.bytes(data, len.value)).toString('latin1');
          break;
        case ID.pixelWidth:
          if (track) track.width = uint(await r.bytes(data, len.value));
          break;
        case ID.pixelHeight:
          if (track) track.height = uint(await r.bytes(data, len.value));
          break;
        case ID.timecode:
          clusterTime = uint(await r.bytes(data, len.value));
          break;
        case ID.simpleBlock:
        case ID.block: {
          const tn = await vint(r, data, false);
          if (!tn) break;
          const rel = (await r.bytes(data + tn.length, 2)).readInt16BE(0);
          const at = clusterTime + rel;
          if (at > lastTime) lastTime = at;
          const video = tracks.find((t) => t.type === 1);
          if (video && tn.value === video.number) videoTimes.push(at);
          break;
        }
      }
      pos = end;
    }
    const video = tracks.find((t) => t.type === 1) ?? null;
    const audio = tracks.find((t) => t.type === 2) ?? null;
    if (!video && !audio) return null;
    const toSeconds = (ticks: number) => (ticks * scale) / 1e9;
    let frameRate: number | null = null;
    if (videoTimes.length > 2) {
      const span = toSeconds(Math.max(...videoTimes) - Math.min(...videoTimes));
      const fps = span > 0 ? Math.round(((videoTimes.length - 1) / span) * 1000) / 1000 : 0;
      frameRate = fps >= 1 && fps <= 240 ? fps : null;
    }
    // the header's duration when written; else the last block's time plus one frame
    const fromBlocks = lastTime >= 0 ? toSeconds(lastTime) + (frameRate ? 1 / frameRate : 0) : 0;
    const seconds = declared && declared > 0 ? toSeconds(declared) : fromBlocks;
    return {
      container: 'webm',
      durationSeconds: seconds > 0 ? Math.round(seconds * 1000) / 1000 : null,
      frameRate,
      codec: video?.codec ?? audio?.codec ?? null,
      width: video?.width ?? null,
      height: video?.height ?? null,
      hasVideo: !!video,
      hasAudio: !!audio,
    };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
