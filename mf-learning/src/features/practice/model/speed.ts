import { PRACTICE_SPEEDS } from '@circo/shared-contracts';

/**
 * The next speed up (`dir` 1) or down (-1) among those the player allows (a YouTube video lists
 * its own; Vimeo none below 0.5); the same speed at either end.
 */
export function stepSpeed(
  current: number,
  dir: 1 | -1,
  allowed: readonly number[] = PRACTICE_SPEEDS,
): number {
  const list = PRACTICE_SPEEDS.filter((s) => allowed.includes(s));
  if (list.length === 0) return current;
  const i = list.findIndex((s) => s >= current - 1e-9);
  if (i === -1) return dir === -1 ? list[list.length - 1]! : current;
  if (list[i] !== current) return dir === 1 ? list[i]! : (list[i - 1] ?? list[0]!);
  return list[Math.min(list.length - 1, Math.max(0, i + dir))]!;
}
