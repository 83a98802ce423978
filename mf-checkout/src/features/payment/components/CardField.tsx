import type { InputHTMLAttributes } from 'react';

/** A labelled input of the test card form, with its error read as its description. */
export function CardField({
  name,
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
