import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_NOTE_MAX, type PracticeClipsResponse } from '@circo/shared-contracts';
import { useLang } from '../shared/hooks';
import { clipErrorKey, sendClip, useRefreshClips } from './useClips';

const ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

/** A file from the device (MP4, MOV, WebM) with a note, sent with its progress shown. */
export function SendClipForm({
  classId,
  limits,
}: {
  classId: string;
  limits: Pick<PracticeClipsResponse, 'pending' | 'maxPending' | 'maxBytes' | 'maxSeconds'>;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const id = useId();
  const refresh = useRefreshClips();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const full = limits.pending >= limits.maxPending;
  const maxMb = Math.floor(limits.maxBytes / 1_048_576);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    if (!file) return setError(t('practice.clips.errors.noFile'));
    if (file.size > limits.maxBytes)
      return setError(t('practice.clips.errors.tooLarge', { mb: maxMb }));
    setError(null);
    setProgress(0);
    try {
      await sendClip({ classId, note, source: 'file', lang }, file, file.name, setProgress);
      setSent(true);
      setFile(null);
      setNote('');
      if (fileRef.current) fileRef.current.value = '';
      await refresh();
    } catch (err) {
      setError(
        t(clipErrorKey(err), { mb: maxMb, seconds: limits.maxSeconds, max: limits.maxPending }),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="clips__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="send-clip"
    >
      <p className="clips__limits">
        {t('practice.clips.limits', { mb: maxMb, seconds: limits.maxSeconds })}{' '}
        {t('practice.clips.waiting', { count: limits.pending, max: limits.maxPending })}
      </p>
      <label htmlFor={`${id}-file`}>{t('practice.clips.file')}</label>
      <input
        ref={fileRef}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        disabled={full || progress !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <label htmlFor={`${id}-note`}>{t('practice.clips.note')}</label>
      <textarea
        id={`${id}-note`}
        rows={2}
        maxLength={PRACTICE_NOTE_MAX}
        value={note}
        disabled={full || progress !== null}
        placeholder={t('practice.clips.notePlaceholder')}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={full || progress !== null}>
        {t('practice.clips.send')}
      </button>
      {progress !== null && (
        <progress max={100} value={progress} aria-label={t('practice.clips.sending')}>
          {progress}%
        </progress>
      )}
      {full && (
        <p className="alert alert--info">
          {t('practice.clips.errors.tooMany', { max: limits.maxPending })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="alert alert--error" role="alert" data-testid="clip-error">
          {error}
        </p>
      )}
      {sent && (
        <p className="alert alert--success" role="status" data-testid="clip-sent">
          {t('practice.clips.sent')}
        </p>
      )}
    </form>
  );
}
