import { useEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES, hasErrors, type Lang } from '@circo/shared-contracts';
import { focusFirstInvalid, toApiError } from '@circo/shared-web';
import { firstErrorLang, type Errors } from '../../common/draft';

/**
 * Submitting a form: run the shared rule, open the tab of the first invalid language and focus the
 * first invalid field; else send, and show the server's field errors the same way.
 */
export function useSubmit({
  validate,
  send,
  setErrors,
  setLang,
}: {
  validate: () => Errors;
  send: () => Promise<unknown>;
  setErrors: (e: Errors) => void;
  setLang?: (l: Lang) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  /** null: no failure; '': failed without a server text (the form shows "Error inesperado."). */
  const [failure, setFailure] = useState<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick > 0) focusFirstInvalid(formRef.current);
  }, [focusTick]);

  const show = (errors: Errors) => {
    setErrors(errors);
    const lang = firstErrorLang(errors);
    if (lang && setLang) setLang(lang);
    setFocusTick((n) => n + 1);
  };

  const submit = async () => {
    setFailure(null);
    const errors = validate();
    if (hasErrors(errors)) return show(errors);
    setBusy(true);
    try {
      await send();
    } catch (err) {
      const apiError = toApiError(err);
      const fields = apiError.body?.errors ?? [];
      // a shared rule's key is translated; any other field error shows the server's text
      const known = (code: string) => code in ADMIN_MESSAGES;
      if (fields.length > 0)
        show(Object.fromEntries(fields.map((f) => [f.field, known(f.code) ? f.code : f.message])));
      setFailure(fields[0]?.message ?? '');
    } finally {
      setBusy(false);
    }
  };
  return { formRef, busy, failure, submit };
}
