import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ERRORS, uploadPaths, type VideoStatusResponse } from '@circo/shared-contracts';
import { api, toApiError } from '@circo/shared-web';
import {
  SignatureError,
  isVideoKind,
  uploadFile,
  type UploadKind,
  type Uploaded,
} from '../uploadClient';
import type { FormUploads } from '../hooks/useFormUploads';

/** Video status poll (admin spec sections 4 and 9). */
export const VIDEO_POLL_MS = 15_000;

const ACCEPT: Record<UploadKind, string> = {
  image: 'image/*',
  pdfPublic: '.pdf,application/pdf',
  pdfPrivate: '.pdf,application/pdf',
  videoPromo: 'video/*',
  videoPrivate: 'video/*',
};

type State =
  | { name: 'idle' }
  | { name: 'uploading'; percent: number }
  | { name: 'uploaded' }
  | { name: 'error'; message: string; reason?: string };

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
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ name: 'idle' });
  const [shownVideo, setShownVideo] = useState<{ id: string; status: string } | null>(
    videoId ? { id: videoId, status: 'processing' } : null,
  );
  const video = isVideoKind(kind);
  const isPdf = kind === 'pdfPublic' || kind === 'pdfPrivate';

  // the spec's failure text of the kind ("Error al subir el video. Intenta nuevamente."), and
  // what was wrong with the file, when the server said, as a second line
  const failure = (err: unknown): { message: string; reason?: string } => {
    if (err instanceof SignatureError) return { message: t('upload.signatureFailed') };
    const message = t(`upload.failed.${kindGroup(kind)}`);
    const e = toApiError(err);
    if (e.code === UPLOAD_ERRORS.tooLarge) {
      const max = Number((e.body?.data as { maxBytes?: number } | undefined)?.maxBytes ?? 0);
      return {
        message,
        reason: t('upload.tooLarge', { mb: Math.max(1, Math.floor(max / 1_048_576)) }),
      };
    }
    if (e.code === UPLOAD_ERRORS.wrongType)
      return { message, reason: t(`upload.wrongType.${kindGroup(kind)}`) };
    return { message };
  };

  const start = async () => {
    // the spec's preconditions, with its messages
    if (kind === 'image' && (!file || !title.trim())) {
      return setState({ name: 'error', message: t('upload.imageNeeds') });
    }
    if (isPdf && (!file || !title.trim())) {
      return setState({ name: 'error', message: t('upload.pdfNeeds') });
    }
    if (video && !file) return setState({ name: 'error', message: t('upload.videoFileNeeded') });
    if (video && !title.trim())
      return setState({ name: 'error', message: t('upload.videoTitleNeeded') });
    setState({ name: 'uploading', percent: 0 });
    try {
      const done = await uploadFile(kind, file!, { title: title.trim() }, (percent) =>
        setState({ name: 'uploading', percent }),
      );
      uploads.add(kind, done);
      if (value) await uploads.dropIfOurs(value).catch(() => undefined);
      onChange(done);
      setFile(null);
      setShownVideo(done.videoId ? { id: done.videoId, status: done.status ?? 'available' } : null);
      setState({ name: 'uploaded' });
    } catch (err) {
      setState({ name: 'error', ...failure(err) });
    }
  };

  const remove = async () => {
    try {
      await uploads.dropIfOurs(value);
      onChange(null);
      setShownVideo(null);
      setState({ name: 'idle' });
    } catch {
      setState({
        name: 'error',
        message: t(kind === 'image' ? 'upload.imageDeleteFailed' : 'upload.deleteFailed'),
      });
    }
  };

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
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setState({ name: 'idle' });
          }}
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

const kindGroup = (kind: UploadKind) =>
  kind === 'image' ? 'image' : isVideoKind(kind) ? 'video' : 'pdf';

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
