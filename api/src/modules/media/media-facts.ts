// What a practice clip's or voice note's container may say about it before it is stored: every
// fact inside what its column and the screens can hold, whatever the file claims.

/** Why a file's facts were not taken. */
export type MediaProblem =
  /** neither an MP4/MOV nor a WebM, or without any video or audio track */
  | 'not_media'
  /** a container whose structure or facts are broken or out of range */
  | 'malformed'
  /** a container that would cost more to read than any real recording does */
  | 'too_complex';

export class MediaReadError extends Error {
  constructor(
    readonly problem: MediaProblem,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** What bounds a read: the longest clip allowed (caps the blocks) and a clock to stop at. */
export interface MediaReadBounds {
  maxSeconds: number;
  /** `performance.now()` after which the read gives up */
  deadline: number;
}

/** The facts as a container reader found them, before they are checked. */
export interface RawMediaFacts {
  container: 'mp4' | 'webm';
  durationSeconds: number;
  frameRate: number | null;
  codec: string | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** video frames counted (an MP4 counts its samples; a fragmented one may say 0) */
  videoFrames: number;
  audioPackets: number;
  /** an MP4 whose samples are in fragments after its header (Safari's recorder) */
  fragmented?: boolean;
}

/** What a video or audio file's container says about it (no decoding, no native binary). */
export interface MediaInfo {
  container: 'mp4' | 'webm';
  /** seconds, rounded to the millisecond, > 0 */
  durationSeconds: number;
  frameRate: number | null;
  /** the first video track's codec ('avc1.64001f', 'hvc1.1.6.L93.B0', 'V_VP8'), else the audio's */
  codec: string | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** The widest or tallest picture taken (8K is 7680; a phone's is under 4096). */
export const MAX_DIMENSION = 16_384;
/** A codec name: a short printable ASCII word ('avc1.64001f', 'V_MPEG4/ISO/AVC', 'A_OPUS'). */
const CODEC = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

const roundMs = (s: number) => Math.round(s * 1000) / 1000;

function dimension(name: string, v: number | null): number | null {
  if (v === null || v === 0) return null;
  if (!Number.isInteger(v) || v < 1 || v > MAX_DIMENSION) {
    throw new MediaReadError('malformed', `a ${name} of ${v} pixels (at most ${MAX_DIMENSION})`);
  }
  return v;
}

/** The facts checked against what may be stored, or a MediaReadError saying which is not. */
export function checkedFacts(raw: RawMediaFacts): MediaInfo {
  const seconds = roundMs(raw.durationSeconds);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new MediaReadError('malformed', 'its length is zero or cannot be read');
  }
  if (raw.codec !== null && !CODEC.test(raw.codec)) {
    throw new MediaReadError('malformed', 'its codec name is not a short printable word');
  }
  if (raw.hasVideo && raw.videoFrames < 1 && !raw.fragmented) {
    throw new MediaReadError('malformed', 'its video track holds no frame');
  }
  if (!raw.hasVideo && raw.hasAudio && raw.audioPackets < 1 && !raw.fragmented) {
    throw new MediaReadError('malformed', 'its audio track holds no sound');
  }
  const frameRate =
    raw.frameRate !== null && Number.isFinite(raw.frameRate) && raw.frameRate > 0
      ? raw.frameRate
      : null;
  return {
    container: raw.container,
    durationSeconds: seconds,
    frameRate,
    codec: raw.codec,
    width: raw.hasVideo ? dimension('width', raw.width) : null,
    height: raw.hasVideo ? dimension('height', raw.height) : null,
    hasVideo: raw.hasVideo,
    hasAudio: raw.hasAudio,
  };
}
