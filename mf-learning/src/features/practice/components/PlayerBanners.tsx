import { useTranslation } from 'react-i18next';
import { formatClock } from '../model/resume';
import type { Attempt } from '../hooks/useRecorder';
import { ComparePanel } from './ComparePanel';
import { SendAttempt } from '../../practice-feedback/SendAttempt';

/** "Resume at 3:12" where the student left the video (on any device), or start over. */
export function ResumeOffer(p: { at: number; onResume: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('practice');
  return (
    <div className="practice__resume" data-testid="resume">
      <button type="button" className="btn btn--primary practice__big" onClick={p.onResume}>
        {t('resumeAt', { time: formatClock(p.at) })}
      </button>
      <button type="button" className="btn btn--ghost practice__big" onClick={p.onDismiss}>
        {t('startOver')}
      </button>
    </div>
  );
}

/** The recorded attempt: offered for comparing, or compared side by side with the class. */
export function AttemptArea(p: {
  attempt: Attempt;
  comparing: boolean;
  onCompare: (on: boolean) => void;
  onDelete: () => void;
  /** the class video's file; null for a provider's player (no side by side) */
  lessonUrl: string | null;
  classId: string;
}) {
  const { t } = useTranslation('practice');
  if (!p.comparing) {
    return (
      <div className="practice__resume" data-testid="attempt">
        <span>{t('attemptReady')}</span>
        <button
          type="button"
          className="btn btn--primary practice__big"
          onClick={() => p.onCompare(true)}
        >
          {t('compare')}
        </button>
        <SendAttempt classId={p.classId} blob={p.attempt.blob} />
        <button type="button" className="btn btn--ghost practice__big" onClick={p.onDelete}>
          {t('deleteAttempt')}
        </button>
      </div>
    );
  }
  if (!p.lessonUrl) {
    return (
      <p className="alert alert--info" role="status">
        {t('compareLocalOnly')}
      </p>
    );
  }
  return (
    <ComparePanel
      attempt={p.attempt}
      lessonUrl={p.lessonUrl}
      onDelete={p.onDelete}
      onClose={() => p.onCompare(false)}
      classId={p.classId}
    />
  );
}
