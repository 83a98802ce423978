import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ERRORS } from '@circo/shared-contracts';
import { toApiError } from '@circo/shared-web';
import {
  SignatureError,
  isVideoKind,
  uploadFile,
  type UploadKind,
  type Uploaded,
} from '../uploadClient';
import type { FormUploads } from './useFormUploads';

type State =
  | { name: 'idle' }
  | { name: 'uploading'; percent: number }
  | { name: 'uploaded' }
  | { name: 'error'; message: string; reason?: string };

const kindGroup = (kind: UploadKind) =>
  kind === 'image' ? 'image' : isVideoKind(kind) ? 'video' : 'pdf';

/**
 * One file field's upload: the file chosen, the spec's preconditions and messages, the progress,
 * the file it replaces removed (when this form uploaded it), and the video shown while it is
 * processed.
 */
export function useUpload({
  kind,
  title,
  value,
  videoId,
  onChange,
  uploads,
}: {
  kind: UploadKind;
  title: string;
  value: string;
  videoId?: string;
  onChange: (file: Uploaded | null) => void;
  uploads: FormUploads;
}) {
  const { t } = useTranslation('admin');
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

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setState({ name: 'idle' });
  };
  return { file, choose, state, shownVideo, video, start, remove };
}
