import { useTranslation } from 'react-i18next';
import { clipMoment, type PracticeComment } from '@circo/shared-contracts';

/** The clip's timeline: where it is now, and a numbered mark per comment that jumps to its moment. */
export function ClipMarks({
  comments,
  selectedId,
  time,
  duration,
  onJump,
}: {
  comments: PracticeComment[];
  selectedId: string | null;
  time: number;
  duration: number;
  onJump: (c: PracticeComment) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="clip__marks" data-testid="clip-marks">
      <span className="clip__track" aria-hidden="true" />
      {duration > 0 && (
        <span
          className="clip__now"
          aria-hidden="true"
          style={{ left: `${Math.min(100, (time / duration) * 100)}%` }}
        />
      )}
      <ol className="clip__mark-list" aria-label={t('clip.marks')}>
        {comments.map((c, i) => (
          <li
            key={c._id}
            style={{
              left: `${duration > 0 ? Math.min(100, (c.atSeconds / duration) * 100) : 0}%`,
            }}
          >
            <button
              type="button"
              className={`clip__mark${c._id === selectedId ? ' clip__mark--on' : ''}`}
              aria-label={t('clip.markLabel', {
                n: i + 1,
                time: clipMoment(c.atSeconds),
                text: c.text || t('clip.drawingOnly'),
              })}
              aria-pressed={c._id === selectedId}
              data-testid="clip-mark"
              data-at={c.atSeconds}
              onClick={() => onJump(c)}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
