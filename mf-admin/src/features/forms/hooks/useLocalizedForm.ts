import { useState } from 'react';
import type { Lang } from '@circo/shared-contracts';
import { useAdminWrite, type AdminWrite } from '@circo/shared-web';
import { useDraft, type Errors } from '../../common/draft';
import { useFormUploads } from '../../uploads/hooks/useFormUploads';
import { useSubmit } from './useSubmit';

/**
 * The state of an admin form written in es/en/fr tabs (render it with `LocalizedForm`): the open
 * language, the draft and its errors (a field's error clears as the admin types in it), the files
 * uploaded while it is open (kept on save, deleted on cancel), and the submit: the shared rule
 * first (the tab of the first invalid language opens and its field gets the focus), then the
 * write, whose field errors show the same way.
 */
export function useLocalizedForm<T extends object, Saved = unknown>({
  idPrefix,
  initial,
  validate,
  request,
  onSaved,
}: {
  /** Prefix of the ids of the form's tabs and fields (`course-<id>`, `module-new`). */
  idPrefix: string;
  initial: T;
  validate: (draft: T) => Errors;
  /** The write that saves the draft (POST to create, PUT to edit). */
  request: (draft: T) => AdminWrite;
  onSaved: (saved: Saved) => void;
}) {
  const [lang, setLang] = useState<Lang>('es');
  const { draft, set, errors, setErrors } = useDraft<T>(initial);
  const write = useAdminWrite<Saved>();
  const uploads = useFormUploads();
  const { formRef, busy, failure, submit } = useSubmit({
    validate: () => validate(draft),
    setErrors,
    setLang,
    send: async () => {
      const saved = await write.mutateAsync(request(draft));
      uploads.keepAll();
      onSaved(saved);
    },
  });
  return {
    idPrefix,
    lang,
    setLang,
    draft,
    set,
    errors,
    uploads,
    formRef,
    busy,
    failure,
    submit,
    /** What every `Field` of this form takes. */
    field: { idPrefix, draft, errors, set },
  };
}

export type LocalizedFormState<T extends object> = ReturnType<typeof useLocalizedForm<T>>;
