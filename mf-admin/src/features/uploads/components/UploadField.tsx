import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPaths, type VideoStatusResponse } from '@circo/shared-contracts';
import { api } from '@circo/shared-web';
import type { UploadKind, Uploaded } from '../uploadClient';
import type { FormUploads } from '../hooks/useFormUploads';
import { useUpload } from '../hooks/useUpload';

/** Video status poll (admin spec sections 4 and 9). */
export const VIDEO_POLL_MS = 15_000;

const ACCEPT: Record<UploadKind, string> = {
  image: 'image/*',
  pdfPublic: '.pdf,application/pdf',
  pdfPrivate: '.pdf,application/pdf',
  videoPromo: 'video/*',
  videoPrivate: 'video/*',
};

/**
 * One file input of an admin form: choose, upload with a progress percentage, see and remove the
 * current file. States idle -> uploading (n %) -> uploaded, or an error message (spec section 4).
 */
export function UploadField({
  kind,
  label,
  title,
  value,
  videoId,
  onChange,
  uploads,
  error,
  name,
}: {
  kind: UploadKind;
  label: string;
  /** The title the upload needs (the item's or the entry's title in this language). */
  title: string;
  /** The current file's URL ('' when none). */
  value: string;
  videoId?: string;
  onChange: (file: Uploaded | null) => void;
  uploads: FormUploads;
  /** A form error on this field (the Spanish image is required). */
  error?: string;
  /** The draft path, so the form's first-invalid focus finds the input. */
  name?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { file, choose, state, shownVideo, video, start, remove } = useUpload({
    kind,
    title,
    value,
    videoId,
    onChange,
    uploads,
  });

  return (
    <fieldset className="adm-upload" data-kind={kind}>
      <legend>{label}</legend>
      {value ? (
        <div className="adm-upload__current">
          {kind === 'image' ? (
            <img src={value} alt={t('upload.preview')} className="adm-upload__preview" />
          ) : (
            <a href={value} target="_blank" rel="noreferrer">
              {t('upload.current')}
            </a>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => void remove()}>
            {t('actions.remove')}
          </button>
        </div>
      ) : null}
      <div className="adm-upload__pick">
        {/* the native input does the choosing (keyboard, screen readers); its own button and
            "no file chosen" would speak the browser's language, so they are hidden behind ours */}
        <input
          id={id}
          name={name}
          type="file"
          className="adm-upload__input visually-hidden"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-chosen`}
          accept={ACCEPT[kind]}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <label htmlFor={id} className="btn btn--ghost adm-upload__choose">
          {t('upload.choose')}
        </label>
        <span id={`${id}-chosen`} className="adm-upload__chosen">
          {file ? file.name : t('upload.noneChosen')}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={state.name === 'uploading'}
          onClick={() => void start()}
        >
          {t('upload.send')}
        </button>
      </div>
      {state.name === 'uploading' && (
        <div className="adm-upload__progress" role="status">
          <progress max={100} value={state.percent} aria-label={label} />
          <span>{t('upload.progress', { percent: state.percent })}</span>
        </div>
      )}
      {state.name === 'uploaded' && (
        <p className="adm-upload__ok" role="status">
          {t('upload.done')}
        </p>
      )}
      {error && state.name !== 'error' && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {state.name === 'error' && (
        <p className="field__error" role="alert">
          {state.message}
          {state.reason && (
            <>
              <br />
              <span className="adm-upload__reason">{state.reason}</span>
            </>
          )}
        </p>
      )}
      {video && shownVideo && (
        <VideoStatusNotice videoId={shownVideo.id} initial={shownVideo.status} />
      )}
    </fieldset>
  );
}

/** A video's processing status, asked every 15 s until it is available. */
export function VideoStatusNotice({ videoId, initial }: { videoId: string; initial: string }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    if (status === 'available') return;
    const ask = () =>
      api<VideoStatusResponse>(uploadPaths.videoStatus(videoId))
        .then((r) => setStatus(r.status))
        .catch(() => undefined);
    const timer = setInterval(() => void ask(), VIDEO_POLL_MS);
    void ask();
    return () => clearInterval(timer);
  }, [videoId, status]);
  if (status === 'available') return <p className="adm-upload__ok">{t('upload.videoReady')}</p>;
  return (
    <p className={status === 'error' ? 'field__error' : 'adm-muted'} role="status">
      {t(status === 'error' ? 'upload.videoError' : 'upload.videoProcessing')}
    </p>
  );
}
