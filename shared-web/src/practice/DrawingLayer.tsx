import { useRef, type PointerEvent } from 'react';
import {
  angleDegrees,
  DRAWING_POINTS,
  type DrawingKind,
  type DrawingShape,
  type FramePoint,
} from '@circo/shared-contracts';

const INK = '#ffd400';
const SHADOW = 'rgba(0, 0, 0, 0.75)';

/** The frame's size in pixels (its aspect ratio is what matters): the clip's, or 16:9. */
export interface FrameSize {
  width: number;
  height: number;
}

function Shape({ shape, size, mirror }: { shape: DrawingShape; size: FrameSize; mirror: boolean }) {
  const { width: W, height: H } = size;
  const pts = shape.points.map(([x, y]) => [(mirror ? 1 - x : x) * W, y * H] as const);
  const unit = Math.min(W, H);
  const line = (a: readonly [number, number], b: readonly [number, number], key: string) => (
    <g key={key}>
      <line
        x1={a[0]}
        y1={a[1]}
        x2={b[0]}
        y2={b[1]}
        stroke={SHADOW}
        strokeWidth={6}
        vectorEffect="non-scaling-stroke"
        strokeLinecap="round"
      />
      <line
        x1={a[0]}
        y1={a[1]}
        x2={b[0]}
        y2={b[1]}
        stroke={INK}
        strokeWidth={3}
        vectorEffect="non-scaling-stroke"
        strokeLinecap="round"
      />
    </g>
  );
  switch (shape.kind) {
    case 'line':
      return line(pts[0]!, pts[1]!, 'l');
    case 'arrow': {
      const [a, b] = [pts[0]!, pts[1]!];
      const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const head = unit * 0.045;
      const p = (d: number) => [b[0] - head * Math.cos(ang + d), b[1] - head * Math.sin(ang + d)];
      const [l, r] = [p(0.45), p(-0.45)];
      return (
        <g>
          {line(a, b, 'shaft')}
          <polygon
            points={`${b[0]},${b[1]} ${l[0]},${l[1]} ${r[0]},${r[1]}`}
            fill={INK}
            stroke={SHADOW}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      );
    }
    case 'circle': {
      const [c, e] = [pts[0]!, pts[1]!];
      const r = Math.hypot(e[0] - c[0], e[1] - c[1]);
      return (
        <g>
          <circle
            cx={c[0]}
            cy={c[1]}
            r={r}
            fill="none"
            stroke={SHADOW}
            strokeWidth={6}
            vectorEffect="non-scaling-stroke"
          />
          <circle
            cx={c[0]}
            cy={c[1]}
            r={r}
            fill="none"
            stroke={INK}
            strokeWidth={3}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      );
    }
    case 'angle': {
      const [a, v, b] = [pts[0]!, pts[1]!, pts[2]!];
      const deg = angleDegrees(shape.points, size);
      // readable on a phone's frame too (the frame is about 200 px high there)
      const fs = unit * 0.08;
      return (
        <g data-angle={deg}>
          {line(v, a, 'a')}
          {line(v, b, 'b')}
          <circle
            cx={v[0]}
            cy={v[1]}
            r={unit * 0.012}
            fill={INK}
            stroke={SHADOW}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
          <text
            x={v[0] + fs * 0.5}
            y={v[1] - fs * 0.4}
            fontSize={fs}
            fontWeight={700}
            fill={INK}
            stroke={SHADOW}
            strokeWidth={fs * 0.08}
            paintOrder="stroke"
          >
            {`${deg}°`}
          </text>
        </g>
      );
    }
  }
}

/**
 * The teacher's shapes over the frame, at the same spot on any screen: an SVG laid exactly over
 * the picture, in the frame's own pixels (its aspect ratio), strokes of a fixed width. Mirrored
 * with the picture (the points flip, the degrees stay readable). With `tool`, a click or tap adds
 * points until the shape is complete (`onAdd`).
 */
export function DrawingLayer(p: {
  shapes: DrawingShape[];
  size: FrameSize;
  mirror: boolean;
  label: string;
  tool?: DrawingKind | null;
  draft?: FramePoint[];
  onDraft?: (points: FramePoint[]) => void;
  onAdd?: (shape: DrawingShape) => void;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const { width: W, height: H } = p.size;
  const editing = !!p.tool;
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (!p.tool || !ref.current) return;
    e.preventDefault();
    const box = ref.current.getBoundingClientRect();
    const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));
    let x = clamp((e.clientX - box.left) / box.width);
    const y = clamp((e.clientY - box.top) / box.height);
    if (p.mirror) x = clamp(1 - x);
    const points = [...(p.draft ?? []), [x, y] as FramePoint];
    if (points.length >= DRAWING_POINTS[p.tool]) {
      p.onDraft?.([]);
      p.onAdd?.({ kind: p.tool, points });
    } else p.onDraft?.(points);
  };
  return (
    <svg
      ref={ref}
      className={`clip__drawing${editing ? ' clip__drawing--editing' : ''}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={p.label}
      data-testid="clip-drawing"
      data-shapes={p.shapes.length}
      onPointerDown={onPointerDown}
    >
      {p.shapes.map((s, i) => (
        <Shape key={i} shape={s} size={p.size} mirror={p.mirror} />
      ))}
      {(p.draft ?? []).map(([x, y], i) => (
        <circle
          key={`d${i}`}
          cx={(p.mirror ? 1 - x : x) * W}
          cy={y * H}
          r={Math.min(W, H) * 0.012}
          fill={INK}
        />
      ))}
    </svg>
  );
}
