import { useTranslation } from 'react-i18next';
import { clipMoment, type PracticeComment } from '@circo/shared-contracts';

/** Over the frame while the clip stands on a note: its moment, its text, and a way on. */
export function NoteStop({ comment, onGoOn }: { comment: PracticeComment; onGoOn: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="clip__stop" role="status" data-testid="clip-stop" data-comment-id={comment._id}>
      <p className="clip__stop-text">
        <strong>{clipMoment(comment.atSeconds)}</strong> {comment.text || t('clip.drawingOnly')}
      </p>
      <button type="button" className="btn btn--primary clip__stop-go" onClick={onGoOn}>
        {t('clip.goOn')}
      </button>
    </div>
  );
}
