import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { angleDegrees, clipMoment, type PracticeComment } from '@circo/shared-contracts';
import type { FrameSize } from './DrawingLayer';

/**
 * The teacher's comments in the order of the clip: each with its moment (a button that jumps
 * there), its text, what is drawn (an angle with its degrees) and its voice note.
 */
export function CommentList(p: {
  comments: PracticeComment[];
  selectedId: string | null;
  size: FrameSize;
  onJump: (c: PracticeComment) => void;
  actions?: (c: PracticeComment) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (p.comments.length === 0) return <p className="clip__empty">{t('clip.noComments')}</p>;
  return (
    <ol className="clip__comments" data-testid="clip-comments">
      {p.comments.map((c) => (
        <li
          key={c._id}
          className={`clip__comment${c._id === p.selectedId ? ' clip__comment--on' : ''}`}
          data-testid="clip-comment"
        >
          <button
            type="button"
            className="btn btn--ghost clip__at"
            onClick={() => p.onJump(c)}
            aria-label={t('clip.jumpTo', { time: clipMoment(c.atSeconds) })}
          >
            {clipMoment(c.atSeconds)}
          </button>
          <div className="clip__comment-body">
            {c.text && <p className="clip__text">{c.text}</p>}
            {c.drawing.length > 0 && (
              <p className="clip__shapes">
                {c.drawing
                  .map((s) =>
                    s.kind === 'angle'
                      ? t('clip.shape.angleOf', { deg: angleDegrees(s.points, p.size) })
                      : t(`clip.shape.${s.kind}`),
                  )
                  .join(' · ')}
              </p>
            )}
            {c.voice && c.voice.url && (
              <audio
                className="clip__voice"
                controls
                preload="metadata"
                src={c.voice.url}
                aria-label={t('clip.voice', { time: clipMoment(c.atSeconds) })}
              />
            )}
          </div>
          {p.actions?.(c)}
        </li>
      ))}
    </ol>
  );
}
