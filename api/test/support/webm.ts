// A minimal WebM (EBML header, Segment with Info and one track): enough for file-type to call it
// WebM and for the container reader to find its declared duration. Tests make clips of any
// length with it without recording them.

const vint = (n: number): Buffer => {
  // sizes up to 2^28 in 4 bytes
  const b = Buffer.alloc(4);
  b.writeUInt32BE((0x10000000 | n) >>> 0);
  return b;
};
const el = (id: number, ...children: Buffer[]): Buffer => {
  const body = Buffer.concat(children);
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  return Buffer.concat([idBytes, vint(body.length), body]);
};
const u = (n: number) => Buffer.from([n]);
const f64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

export function ebmlFile({ seconds, video }: { seconds: number; video: boolean }): Buffer {
  const header = el(
    0x1a45dfa3,
    el(0x4286, u(1)),
    el(0x42f7, u(1)),
    el(0x42f2, u(4)),
    el(0x42f3, u(8)),
    el(0x4282, Buffer.from('webm')),
    el(0x4287, u(4)),
    el(0x4285, u(2)),
  );
  const info = el(
    0x1549a966,
    el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
    el(0x4489, f64(seconds * 1000)),
  );
  const track = el(
    0xae,
    el(0xd7, u(1)),
    el(0x83, u(video ? 1 : 2)),
    el(0x86, Buffer.from(video ? 'V_VP8' : 'A_OPUS')),
  );
  const segment = el(0x18538067, info, el(0x1654ae6b, track));
  return Buffer.concat([header, segment]);
}
