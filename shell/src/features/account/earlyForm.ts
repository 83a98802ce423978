import type { FormEvent } from 'react';

/**
 * The props of an account form that works from the moment the server's page is on view. A form
 * sent before the page is hydrated is held by React (the server writes its form-replay script for
 * a form whose `action` is a function) and its action is done once hydrated; after that,
 * `onSubmit` sends it (preventing the browser's submission, so React does not run the action
 * again nor reset the fields). Without it, a form sent early would be the browser's: a GET with
 * the password in the address.
 */
export function earlyForm(submit: () => Promise<void>) {
  return {
    action: () => submit(),
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void submit();
    },
  };
}
