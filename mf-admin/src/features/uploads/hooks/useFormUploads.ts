import { useCallback, useRef } from 'react';
import { deleteUploaded, type UploadKind, type Uploaded } from '../uploadClient';

/**
 * The files one form uploaded while it was open. Cancelling deletes them (and only them: files
 * the record had before stay, the server discards those on save); saving keeps them.
 */
export function useFormUploads() {
  const uploaded = useRef<Array<{ kind: UploadKind; file: Uploaded }>>([]);
  const add = useCallback((kind: UploadKind, file: Uploaded) => {
    uploaded.current.push({ kind, file });
  }, []);
  /** A file this form uploaded and the admin removed again: deleted at once. */
  const dropIfOurs = useCallback(async (url: string) => {
    const i = uploaded.current.findIndex((u) => u.file.url === url);
    if (i < 0) return;
    const [{ kind, file }] = uploaded.current.splice(i, 1);
    await deleteUploaded(kind, file);
  }, []);
  const discardAll = useCallback(async () => {
    const list = uploaded.current.splice(0);
    await Promise.allSettled(list.map((u) => deleteUploaded(u.kind, u.file)));
  }, []);
  const keepAll = useCallback(() => {
    uploaded.current = [];
  }, []);
  return { add, dropIfOurs, discardAll, keepAll };
}
export type FormUploads = ReturnType<typeof useFormUploads>;
