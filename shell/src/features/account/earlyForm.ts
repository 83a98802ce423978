import type { FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The props of an account form that works from the moment the server's page is on view. A form
 * sent before the page is hydrated is held by React (the server writes its form-replay script for
 * a form whose `action` is a function) and its action runs once hydrated, with what the fields
 * held when it was sent; after that, `onSubmit` sends it (preventing the browser's submission, so
 * React does not run the action again). Without it, a form sent early would be the browser's: a
 * GET with the password in the address.
 *
 * The form's useForm has no `defaultValues`: react-hook-form then takes what a field holds when
 * it registers it (at hydration), so text typed before that stays, instead of being reset.
 */
export function earlyForm<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setValue'>,
  onValid: (values: T) => Promise<void>,
) {
  const submit = form.handleSubmit(onValid);
  return {
    action: (sent: FormData) => {
      for (const [name, value] of sent) {
        if (typeof value === 'string') form.setValue(name as Path<T>, value as T[Path<T>]);
      }
      return submit();
    },
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void submit();
    },
    // React resets a form once its action is done: the fields keep what the visitor typed (and
    // what react-hook-form holds), as after a submit of the hydrated form
    onReset: (e: FormEvent<HTMLFormElement>) => e.preventDefault(),
  };
}
