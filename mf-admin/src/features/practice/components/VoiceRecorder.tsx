import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_VOICE_MAX_SECONDS } from '@circo/shared-contracts';

const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

/**
 * A voice note recorded in the browser (MediaRecorder: WebM/Opus, or MP4 on Safari), stopped at
 * PRACTICE_VOICE_MAX_SECONDS, listened to before it is sent.
 */
export function VoiceRecorder({
  voice,
  onVoice,
}: {
  voice: Blob | null;
  onVoice: (b: Blob | null) => void;
}) {
  const { t } = useTranslation('admin');
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && typeof MediaRecorder !== 'undefined';

  useEffect(() => {
    if (!voice) return setUrl(null);
    const u = URL.createObjectURL(voice);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [voice]);
  useEffect(
    () => () => {
      if (timer.current) window.clearInterval(timer.current);
      recorder.current?.stream.getTracks().forEach((tr) => tr.stop());
    },
    [],
  );

  const stop = () => {
    recorder.current?.stop();
    if (timer.current) window.clearInterval(timer.current);
    timer.current = null;
  };
  const start = async () => {
    setError(false);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = TYPES.find((m) => MediaRecorder.isTypeSupported(m));
      const r = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      r.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      r.onstop = () => {
        stream.getTracks().forEach((tr) => tr.stop());
        onVoice(new Blob(chunks, { type: r.mimeType || 'audio/webm' }));
        setSeconds(null);
      };
      recorder.current = r;
      r.start(250);
      setSeconds(0);
      const began = Date.now();
      timer.current = window.setInterval(() => {
        const s = Math.floor((Date.now() - began) / 1000);
        setSeconds(s);
        // a little under the limit: the container's length is what the server checks
        if (s >= PRACTICE_VOICE_MAX_SECONDS - 1) stop();
      }, 250);
    } catch {
      setError(true);
    }
  };

  if (!supported) return null;
  return (
    <div className="adm-practice__voice">
      {seconds !== null ? (
        <>
          <button type="button" className="btn btn--danger" onClick={stop}>
            {t('practice.voice.stop')}
          </button>
          <span role="status">
            {t('practice.voice.recording', { seconds, max: PRACTICE_VOICE_MAX_SECONDS })}
          </span>
        </>
      ) : voice && url ? (
        <>
          <audio controls src={url} aria-label={t('practice.voice.preview')} />
          <button type="button" className="btn btn--ghost" onClick={() => onVoice(null)}>
            {t('practice.voice.remove')}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => void start()}>
          {t('practice.voice.record', { max: PRACTICE_VOICE_MAX_SECONDS })}
        </button>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {t('practice.voice.denied')}
        </p>
      )}
    </div>
  );
}
