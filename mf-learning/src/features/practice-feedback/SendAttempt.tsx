import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../shared/hooks';
import { clipErrorKey, sendClip, useClips, useRefreshClips } from './useClips';

/** "Send to my teacher": the attempt recorded in the practice player, as a practice clip. */
export function SendAttempt({ classId, blob }: { classId: string; blob: Blob }) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const refresh = useRefreshClips();
  const limits = useClips(classId).data;
  const [progress, setProgress] = useState<number | null>(null);
  const [state, setState] = useState<'idle' | 'sent' | string>('idle');
  const send = async () => {
    setProgress(0);
    setState('idle');
    try {
      const ext = blob.type.includes('mp4') ? 'mp4' : 'webm';
      await sendClip(
        { classId, note: '', source: 'recording', lang },
        blob,
        `intento.${ext}`,
        setProgress,
      );
      setState('sent');
      await refresh();
    } catch (err) {
      setState(clipErrorKey(err));
    } finally {
      setProgress(null);
    }
  };
  return (
    <span className="clips__send-attempt">
      <button
        type="button"
        className="btn btn--primary practice__big"
        disabled={progress !== null || state === 'sent'}
        onClick={() => void send()}
        data-testid="send-attempt"
      >
        {t('practice.clips.sendAttempt')}
      </button>
      {progress !== null && (
        <progress max={100} value={progress} aria-label={t('practice.clips.sending')} />
      )}
      {state === 'sent' && (
        <span role="status" className="clips__sent" data-testid="attempt-sent">
          {t('practice.clips.attemptSent')}
        </span>
      )}
      {state !== 'idle' && state !== 'sent' && (
        <span role="alert" className="alert alert--error">
          {t(state, {
            mb: limits ? Math.floor(limits.maxBytes / 1_048_576) : '',
            seconds: limits?.maxSeconds ?? '',
            max: limits?.maxPending ?? '',
          })}
        </span>
      )}
    </span>
  );
}
