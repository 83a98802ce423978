import type { ReactNode } from 'react';

/** A field's hint and error lines, with the ids its control's aria-describedby points at. */
export function FieldMessages({
  errorId,
  hintId,
  error,
  hint,
}: {
  errorId: string;
  hintId: string;
  error?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </>
  );
}
