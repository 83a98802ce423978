/**
 * Side-by-side compare: the attempt and the class video, each started at a moment the student
 * picks (their offsets, lined up on the same beat), played together at one speed. `t` is the
 * time since the common start; each video's time is its offset plus `t`. A loop over both is an
 * A-B on `t`, up to the shorter remaining length.
 */
export interface CompareSide {
  offset: number;
  duration: number;
}

/** The common length: as long as both have video left after their offsets. */
export function compareLength(a: CompareSide, b: CompareSide): number {
  const left = (s: CompareSide) =>
    Number.isFinite(s.duration) ? Math.max(0, s.duration - s.offset) : Infinity;
  const len = Math.min(left(a), left(b));
  return Number.isFinite(len) ? len : 0;
}

export const sideTime = (side: CompareSide, t: number): number => side.offset + Math.max(0, t);

/** How far (s) a side may drift before it is put back in step with the other. */
export const MAX_DRIFT = 0.12;

/** Whether the follower (at `followerTime`) has drifted from where the leader's `t` puts it. */
export const drifted = (follower: CompareSide, t: number, followerTime: number): boolean =>
  Math.abs(sideTime(follower, t) - followerTime) > MAX_DRIFT;
