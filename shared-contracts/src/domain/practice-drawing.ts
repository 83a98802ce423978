// The teacher's drawings on a frame of a student's clip: shapes in frame coordinates
// (0-1 on each axis, x to the right, y down), so they land on the same spot on any screen. One
// rule for the API (what it stores) and both players (what they draw).

export const DRAWING_KINDS = ['line', 'arrow', 'circle', 'angle'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** A point of the frame: [x, y], each 0-1. */
export type FramePoint = [number, number];

export interface DrawingShape {
  kind: DrawingKind;
  /**
   * line, arrow: [from, to]; circle: [centre, a point on the circle]; angle: [end, vertex, end]
   * (the handstand's shoulder-hip-ankle: the vertex is the hip).
   */
  points: FramePoint[];
}

/** How many points each kind takes. */
export const DRAWING_POINTS: Record<DrawingKind, number> = {
  line: 2,
  arrow: 2,
  circle: 2,
  angle: 3,
};
/** Shapes one comment may hold. */
export const DRAWING_MAX_SHAPES = 12;

export type DrawingProblem = 'shape' | 'kind' | 'points' | 'outside' | 'tooMany';

/**
 * The first problem of a drawing as sent by a client, or null when it is a list of known shapes
 * whose points are all inside the frame (0-1, ends included).
 */
export function drawingProblem(value: unknown): DrawingProblem | null {
  if (!Array.isArray(value)) return 'shape';
  if (value.length > DRAWING_MAX_SHAPES) return 'tooMany';
  for (const s of value as unknown[]) {
    if (!s || typeof s !== 'object' || Array.isArray(s)) return 'shape';
    const { kind, points, ...rest } = s as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return 'shape';
    if (!(DRAWING_KINDS as readonly unknown[]).includes(kind)) return 'kind';
    if (!Array.isArray(points) || points.length !== DRAWING_POINTS[kind as DrawingKind]) {
      return 'points';
    }
    for (const p of points as unknown[]) {
      if (!Array.isArray(p) || p.length !== 2) return 'points';
      if (!p.every((c) => typeof c === 'number' && Number.isFinite(c))) return 'points';
      if (!p.every((c: number) => c >= 0 && c <= 1)) return 'outside';
    }
  }
  return null;
}

/** A point rounded to 4 decimals (a tenth of a pixel on a 1000-pixel frame): what is stored. */
export const roundPoint = ([x, y]: FramePoint): FramePoint => [
  Math.round(x * 10_000) / 10_000,
  Math.round(y * 10_000) / 10_000,
];

/**
 * The angle at the vertex, in whole degrees (0-180), measured on the frame as it is shown: the
 * coordinates are scaled by the frame's width and height first (a 16:9 frame is not a square).
 */
export function angleDegrees(
  [a, vertex, b]: readonly FramePoint[],
  aspect: { width: number; height: number } = { width: 1, height: 1 },
): number {
  const ax = (a[0] - vertex[0]) * aspect.width;
  const ay = (a[1] - vertex[1]) * aspect.height;
  const bx = (b[0] - vertex[0]) * aspect.width;
  const by = (b[1] - vertex[1]) * aspect.height;
  const la = Math.hypot(ax, ay);
  const lb = Math.hypot(bx, by);
  if (la === 0 || lb === 0) return 0;
  const cos = Math.min(1, Math.max(-1, (ax * bx + ay * by) / (la * lb)));
  return Math.round((Math.acos(cos) * 180) / Math.PI);
}

/** "0:12", "1:05": a moment of a clip, in whole seconds (the marks' labels). */
export function clipMoment(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
