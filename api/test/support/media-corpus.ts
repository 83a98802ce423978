// The hostile-media corpus: practice clips and voice notes that lie about themselves, each built
// here from a few bytes (nothing binary is checked in but two small recordings and the demo
// MP4), beside genuine files of the same sizes that must still be taken. Used by
// api/test/practice/hostile-media.int.spec.ts (each file once, over HTTP), by the container
// reader's spec, and by `npm run fuzz` (mutations of all of them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cluster,
  EBML_HEADER,
  el,
  info,
  openEl,
  simpleBlock,
  trackEntry,
  u,
  UNKNOWN_SIZE,
  type TrackSpec,
} from './webm.js';

export const DEMO_MP4 = readFileSync(
  join(import.meta.dirname, '../../content/demo-media/clase-demo.mp4'),
);
export const RECORDING = readFileSync(
  join(import.meta.dirname, '../fixtures/practice-recording.webm'),
);
export const VOICE = readFileSync(join(import.meta.dirname, '../fixtures/voice-note.webm'));

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;

/** A WebM of the given tracks and body, with or without a declared duration. */
function webm(tracks: TrackSpec[], body: Buffer[], durationMs?: number): Buffer {
  return Buffer.concat([
    EBML_HEADER,
    el(SEGMENT, info(durationMs), el(TRACKS, ...tracks.map(trackEntry)), ...body),
  ]);
}

/** One video track with two frames a second apart, its header otherwise as `video` says. */
const videoWith = (video: Partial<TrackSpec>, durationMs = 1040) =>
  webm(
    [{ number: 1, video: true, ...video }],
    [cluster(0, simpleBlock(1, 0)), cluster(1000, simpleBlock(1, 0))],
    durationMs,
  );

/**
 * A browser recording as MediaRecorder writes it (Segment and Clusters of unknown size, no
 * duration in the header): `seconds` of video at `fps` with frames of `frameBytes`, and Opus
 * packets every 20 ms.
 */
export function recording(seconds: number, fps: number, frameBytes: number): Buffer {
  const clusters: Buffer[] = [];
  for (let s = 0; s < seconds; s++) {
    const blocks: Buffer[] = [];
    for (let ms = 0; ms < 1000; ms += 20) blocks.push(simpleBlock(2, ms, 80));
    for (let f = 0; f < fps; f++)
      blocks.push(simpleBlock(1, Math.round((f * 1000) / fps), frameBytes));
    // a block's time is at byte 10: id, an 8-byte size, the track
    blocks.sort((a, b) => a.readInt16BE(10) - b.readInt16BE(10));
    clusters.push(openEl(CLUSTER, el(0xe7, u(s * 1000)), ...blocks));
  }
  return Buffer.concat([
    EBML_HEADER,
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN_SIZE,
    info(),
    el(TRACKS, trackEntry({ number: 1, video: true }), trackEntry({ number: 2, video: false })),
    ...clusters,
  ]);
}

/**
 * `count` tiny blocks in one cluster (a file of a few MB that would cost seconds to walk block by
 * block): every block at the cluster's start, so no clock says the clip is long.
 */
export function denseBlocks(count: number): Buffer {
  // the smallest block there is: id, a 1-byte size, track 1, time 0, flags (6 bytes)
  const block = Buffer.from([0xa3, 0x84, 0x81, 0x00, 0x00, 0x80]);
  const blocks = Buffer.alloc(block.length * count);
  for (let i = 0; i < count; i++) block.copy(blocks, i * block.length);
  return Buffer.concat([
    EBML_HEADER,
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN_SIZE,
    info(),
    el(TRACKS, trackEntry({ number: 1, video: true })),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
    UNKNOWN_SIZE,
    el(0xe7, Buffer.from([0])),
    blocks,
  ]);
}

/** The demo MP4 with its movie header's timescale and duration set. */
function mp4WithClock(timescale: number, duration: number): Buffer {
  const b = Buffer.from(DEMO_MP4);
  const at = b.indexOf('mvhd') + 4;
  if (b[at] !== 0) throw new Error('the demo MP4 has a version-1 mvhd: adjust the offsets');
  b.writeUInt32BE(timescale, at + 12);
  b.writeUInt32BE(duration, at + 16);
  return b;
}

/**
 * The demo MP4 whose first sample-size box (stsz) says every sample has one size and there are
 * `count` of them: twelve bytes that once made the parser fill the process's memory.
 */
export function mp4DeclaringSamples(count: number): Buffer {
  const b = Buffer.from(DEMO_MP4);
  const at = b.indexOf('stsz', 0, 'latin1');
  if (at < 0) throw new Error('the demo MP4 has no stsz box');
  // type (4), version and flags (4), then sample_size and sample_count
  b.writeUInt32BE(1, at + 8);
  b.writeUInt32BE(count, at + 12);
  return b;
}

/**
 * The demo MP4 whose sample group description box (sgpd) is of a type nobody knows, version 2,
 * with `count` entries of no bytes each: once a loop that filled the heap.
 */
export function mp4WithEmptySampleGroups(count: number): Buffer {
  const b = Buffer.from(DEMO_MP4);
  const at = b.indexOf('sgpd', 0, 'latin1');
  if (at < 0) throw new Error('the demo MP4 has no sgpd box');
  // type (4), version 2 and flags (4), grouping_type (4), default index (4), entry_count (4)
  b.writeUInt32BE(0x02000000, at + 4);
  b.write('xxxx', at + 8, 'latin1');
  b.writeUInt32BE(0, at + 12);
  b.writeUInt32BE(count, at + 16);
  return b;
}

/** An ISO-BMFF box: its size, its four letters, then its payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** Big-endian 32-bit words: a full box's version and flags, a count, an id. */
const words = (...values: number[]) => {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, 4 * i));
  return b;
};

/**
 * The demo MP4 whose first `type` box (a full box whose entry count follows its version and
 * flags: elst, stts, stss, stsc, stco) declares `count` entries in its few bytes.
 */
export function mp4DeclaringEntries(type: string, count: number): Buffer {
  const b = Buffer.from(DEMO_MP4);
  const at = b.indexOf(type, 0, 'latin1');
  if (at < 0) throw new Error(`the demo MP4 has no ${type} box`);
  // type (4), version and flags (4), entry_count (4)
  b.writeUInt32BE(count, at + 8);
  return b;
}

/**
 * The demo MP4 followed by a movie fragment (moof) for its first track whose run (trun) declares
 * `count` samples and gives none of their fields: each takes the defaults, so mp4box makes an
 * object for every declared sample. With `spare` bytes after the count, mp4box also loops over
 * the count while it reads the box.
 */
export function mp4WithFragmentRun(count: number, spare = 0): Buffer {
  const trun = box('trun', words(0, count), Buffer.alloc(spare));
  const traf = box('traf', box('tfhd', words(0, 1)), trun);
  return Buffer.concat([DEMO_MP4, box('moof', box('mfhd', words(0, 1)), traf)]);
}

/** The demo MP4 whose movie header holds `depth` track boxes, each inside the one before. */
export function mp4WithNestedBoxes(depth: number): Buffer {
  const moovAt = DEMO_MP4.indexOf('moov', 0, 'latin1') - 4;
  const moovSize = DEMO_MP4.readUInt32BE(moovAt);
  const nested = Buffer.alloc(8 * depth);
  for (let i = 0; i < depth; i++) {
    nested.writeUInt32BE(8 * (depth - i), 8 * i);
    nested.write('trak', 8 * i + 4, 'latin1');
  }
  const moov = Buffer.concat([DEMO_MP4.subarray(moovAt, moovAt + moovSize), nested]);
  moov.writeUInt32BE(moov.length, 0);
  return Buffer.concat([DEMO_MP4.subarray(0, moovAt), moov, DEMO_MP4.subarray(moovAt + moovSize)]);
}

/** The demo MP4 followed by a `free` box: a genuine file of `bytes`. */
export function paddedMp4(bytes: number): Buffer {
  const pad = Math.max(8, bytes - DEMO_MP4.length);
  const free = Buffer.alloc(pad);
  free.writeUInt32BE(pad, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([DEMO_MP4, free]);
}

export interface HostileFile {
  name: string;
  /** what the file is sent as: a student's clip or the teacher's voice note */
  as: 'clip' | 'voice';
  bytes: () => Buffer;
  /** the answer it gets */
  status: 400 | 415;
  code: string;
}

/** Each file the shop once took or broke on, and the answer it gets now. */
export const HOSTILE_FILES: HostileFile[] = [
  {
    name: 'a WebM whose codec name is 10 MB',
    as: 'clip',
    bytes: () => videoWith({ codec: Buffer.alloc(10 * 1_048_576, 0x41) }),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM 2^40 pixels wide',
    as: 'clip',
    bytes: () => videoWith({ width: 2 ** 40 }),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM 2^31+5 pixels tall (over the integer column)',
    as: 'clip',
    bytes: () => videoWith({ height: 2 ** 31 + 5 }),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM with a NUL byte in its codec name',
    as: 'clip',
    bytes: () => videoWith({ codec: Buffer.from('V_VP8\u0000x', 'latin1') }),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM whose duration rounds to 0',
    as: 'clip',
    bytes: () =>
      webm(
        [{ number: 1, video: true }],
        [cluster(0, simpleBlock(1, 0), simpleBlock(1, 0))],
        0.0004,
      ),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'an MP4 whose duration rounds to 0',
    as: 'clip',
    bytes: () => mp4WithClock(0xffffffff, 1),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM with no frame that declares 100 s',
    as: 'clip',
    bytes: () => webm([{ number: 1, video: true }], [], 100_000),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a WebM of one frame that declares 100 s',
    as: 'clip',
    bytes: () => webm([{ number: 1, video: true }], [cluster(0, simpleBlock(1, 0))], 100_000),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: '12 MB of 2.1 million tiny blocks',
    as: 'clip',
    bytes: () => denseBlocks(2_100_000),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: '1.8 MB of 300,000 tiny blocks',
    as: 'clip',
    bytes: () => denseBlocks(300_000),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'a video recording sent as a voice note',
    as: 'voice',
    bytes: () => RECORDING,
    status: 415,
    code: 'uploads.wrong_type',
  },
  {
    name: 'an MP4 whose sample sizes declare 4 billion samples',
    as: 'clip',
    bytes: () => mp4DeclaringSamples(0xffffffff),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  ...['elst', 'stts', 'stss', 'stsc', 'stco'].map((type): HostileFile => ({
    name: `an MP4 whose ${type} box declares 4 billion entries`,
    as: 'clip',
    bytes: () => mp4DeclaringEntries(type, 0xffffffff),
    status: 400,
    code: 'practice_clips.unreadable',
  })),
  {
    name: 'an MP4 whose movie header nests 100,000 track boxes',
    as: 'clip',
    bytes: () => mp4WithNestedBoxes(100_000),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'an MP4 video sent as a voice note',
    as: 'voice',
    bytes: () => DEMO_MP4,
    status: 415,
    code: 'uploads.wrong_type',
  },
];

/**
 * Files that no check before the parser stops: mp4box fills its heap or loops for seconds on
 * them, so only the reader worker's limits refuse them (as too complex, 400).
 */
export const PARSER_BOMBS: HostileFile[] = [
  {
    name: 'an MP4 fragment whose run declares 4 billion samples (fills the heap)',
    as: 'clip',
    bytes: () => mp4WithFragmentRun(0xffffffff),
    status: 400,
    code: 'practice_clips.unreadable',
  },
  {
    name: 'an MP4 fragment whose run declares 4 billion samples and a spare byte (loops)',
    as: 'clip',
    bytes: () => mp4WithFragmentRun(0xffffffff, 1),
    status: 400,
    code: 'practice_clips.unreadable',
  },
];

/** Genuine files of the sizes of the hostile ones: still taken. */
export const GENUINE_FILES = {
  /** 60 s at 30 fps with Opus sound, about 12 MB, as MediaRecorder writes it */
  recording12MB: () => recording(60, 30, 6_400),
  /** a genuine MP4 of about 12 MB */
  mp412MB: () => paddedMp4(12 * 1_048_576),
  /**
   * the demo MP4 whose sample group description declares 4 billion empty entries: a box no fact
   * comes from, skipped (it once filled the heap)
   */
  mp4EmptySampleGroups: () => mp4WithEmptySampleGroups(0xffffffff),
};
