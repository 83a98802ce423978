import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PRACTICE_COMMENT_MAX,
  clipMoment,
  type AdminPracticeClip,
  type DrawingKind,
  type DrawingShape,
  type FramePoint,
} from '@circo/shared-contracts';
import { postComment, practiceErrorKey, practiceKeys } from '../queries';
import { DrawingTools } from './DrawingTools';
import { VoiceRecorder } from './VoiceRecorder';

/** The drawing being made over the frame, shared with the clip player's drawing layer. */
export interface DrawingDraft {
  tool: DrawingKind | null;
  shapes: DrawingShape[];
  draft: FramePoint[];
}

/**
 * A comment pinned to the moment the clip is paused at: a text, shapes drawn on that frame
 * (line, arrow, circle, an angle with its degrees) and an optional voice note.
 */
export function CommentComposer({
  clip,
  videoRef,
  drawing,
  onDrawing,
}: {
  clip: AdminPracticeClip;
  videoRef: RefObject<HTMLVideoElement | null>;
  drawing: DrawingDraft;
  onDrawing: (d: DrawingDraft) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const client = useQueryClient();
  const [at, setAt] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const size = { width: clip.width ?? 16, height: clip.height ?? 9 };

  /** the moment shown now (the video is paused at it to draw) */
  const pin = () => {
    const el = videoRef.current;
    if (!el) return 0;
    el.pause();
    const now = Math.round(el.currentTime * 1000) / 1000;
    setAt(now);
    return now;
  };
  const choose = (tool: DrawingKind | null) => {
    if (tool) pin();
    onDrawing({ ...drawing, tool, draft: [] });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const atSeconds = at ?? pin();
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      await postComment(clip._id, { atSeconds, text, shapes: drawing.shapes, voice });
      setText('');
      setVoice(null);
      setAt(null);
      setSaved(true);
      onDrawing({ tool: null, shapes: [], draft: [] });
      await client.invalidateQueries({ queryKey: practiceKeys.all });
    } catch (err) {
      setError(t(practiceErrorKey(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="adm-practice__composer"
      onSubmit={(e) => void submit(e)}
      data-testid="comment-composer"
    >
      <h2 className="adm-practice__h">{t('practice.newComment')}</h2>
      <p className="adm-muted">{t('practice.composerHelp')}</p>
      <div className="adm-practice__row">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void pin()}
          data-testid="pin-moment"
        >
          {t('practice.pinHere')}
        </button>
        <span role="status" data-testid="pinned-at">
          {at === null
            ? t('practice.notPinned')
            : t('practice.pinnedAt', {
                time: clipMoment(at),
                // the locale's decimal mark (0,25 in es and fr)
                seconds: new Intl.NumberFormat(i18n.language, {
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 2,
                }).format(at),
              })}
        </span>
      </div>
      <DrawingTools
        name={`${id}-tool`}
        drawing={drawing}
        onChoose={choose}
        onDrawing={onDrawing}
        size={size}
      />
      <label htmlFor={`${id}-text`}>{t('practice.text')}</label>
      <textarea
        id={`${id}-text`}
        rows={3}
        maxLength={PRACTICE_COMMENT_MAX}
        value={text}
        placeholder={t('practice.textPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <VoiceRecorder voice={voice} onVoice={setVoice} />
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="add-comment">
        {t('practice.addComment')}
      </button>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="alert alert--success" role="status">
          {t('practice.commentSaved')}
        </p>
      )}
    </form>
  );
}
