// WebM files built element by element (EBML header, Segment with Info, one track, clusters of
// blocks): what the container reader needs to find a duration, a codec and frames. Tests make
// clips of any length with it without recording them, and the hostile-media corpus
// (media-corpus.ts) builds files that lie about themselves from the same pieces.

/** An element size: 8 bytes, any size a test needs (the marker 0x01 then 7 bytes). */
export const size8 = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeUInt8(0x01, 0);
  b.writeUIntBE(n, 2, 6);
  return b;
};
/** The size "unknown" (MediaRecorder writes its Segment and Clusters so). */
export const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

const idBytes = (id: number) =>
  Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );

/** An element: id, size, then its children or value (copied once: a child may be megabytes). */
export const el = (id: number, ...children: Buffer[]): Buffer => {
  const size = children.reduce((sum, c) => sum + c.length, 0);
  return Buffer.concat([idBytes(id), size8(size), ...children]);
};
/** An element of unknown size (its children follow until the next element of its level). */
export const openEl = (id: number, ...children: Buffer[]): Buffer =>
  Buffer.concat([idBytes(id), UNKNOWN_SIZE, ...children]);

export const u = (n: number): Buffer => {
  if (n < 256) return Buffer.from([n]);
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  let i = 0;
  while (i < 7 && b[i] === 0) i++;
  return b.subarray(i);
};
export const f64 = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

export const EBML_HEADER = el(
  0x1a45dfa3,
  el(0x4286, u(1)),
  el(0x42f7, u(1)),
  el(0x42f2, u(4)),
  el(0x42f3, u(8)),
  el(0x4282, Buffer.from('webm')),
  el(0x4287, u(4)),
  el(0x4285, u(2)),
);

/** A SimpleBlock of track `track` at `rel` ms from its cluster, with `payload` bytes of data. */
export const simpleBlock = (track: number, rel: number, payload = 1): Buffer => {
  const head = Buffer.alloc(4);
  head.writeUInt8(0x80 | track, 0);
  head.writeInt16BE(rel, 1);
  head.writeUInt8(0x80, 3);
  return el(0xa3, head, Buffer.alloc(payload, 0x55));
};

/** A cluster at `ms` holding `blocks`. */
export const cluster = (ms: number, ...blocks: Buffer[]): Buffer =>
  el(0x1f43b675, el(0xe7, u(ms)), ...blocks);

export interface TrackSpec {
  number: number;
  video: boolean;
  codec?: Buffer | string;
  width?: number;
  height?: number;
}

export const trackEntry = (t: TrackSpec): Buffer =>
  el(
    0xae,
    el(0xd7, u(t.number)),
    el(0x83, u(t.video ? 1 : 2)),
    el(0x86, Buffer.from(t.codec ?? (t.video ? 'V_VP8' : 'A_OPUS'))),
    ...(t.video ? [el(0xe0, el(0xb0, u(t.width ?? 160)), el(0xba, u(t.height ?? 120)))] : []),
  );

/** The Info element: a millisecond timecode scale and, when given, a declared duration in ms. */
export const info = (durationMs?: number): Buffer =>
  el(
    0x1549a966,
    el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
    ...(durationMs === undefined ? [] : [el(0x4489, f64(durationMs))]),
  );

/**
 * A WebM of `seconds` that says so in its header, with one track (video or sound) and a frame at
 * its start and one at its end, so its frames reach what its header says.
 */
export function ebmlFile({ seconds, video }: { seconds: number; video: boolean }): Buffer {
  const lastMs = Math.max(0, Math.round(seconds * 1000) - 40);
  const segment = el(
    0x18538067,
    info(seconds * 1000),
    el(0x1654ae6b, trackEntry({ number: 1, video })),
    cluster(0, simpleBlock(1, 0)),
    cluster(lastMs, simpleBlock(1, 0)),
  );
  return Buffer.concat([EBML_HEADER, segment]);
}
