import type { ReactNode } from 'react';
import { TextField } from '@circo/shared-web';
import type { Errors } from '../../common/draft';
import { getPath } from '../../common/draft';
import { useErrorText } from '../../common/hooks/useErrorText';

interface FieldProps {
  /** The draft path, also the input's name and (prefixed) id: `title.es`. */
  path: string;
  idPrefix: string;
  label: ReactNode;
  draft: object;
  errors: Errors;
  set: (path: string, value: unknown) => void;
  multiline?: boolean;
  type?: string;
  hint?: ReactNode;
  required?: boolean;
  min?: number;
  max?: number;
  step?: string;
}

const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`;

/** A text, number, date or long-text field bound to a draft path, with its error. */
export function Field({
  path,
  idPrefix,
  label,
  draft,
  errors,
  set,
  multiline,
  hint,
  required,
  ...input
}: FieldProps) {
  const errorText = useErrorText();
  const value = (getPath(draft, path) as string | number | null | undefined) ?? '';
  const id = fieldId(idPrefix, path);
  const error = errorText(errors[path]);
  const shownLabel = required ? <>{label} *</> : label;
  if (multiline) {
    return (
      <div className="field">
        <label htmlFor={id}>{shownLabel}</label>
        <textarea
          id={id}
          name={path}
          rows={4}
          value={String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => set(path, e.target.value)}
        />
        {hint ? <span className="field__hint">{hint}</span> : null}
        {error ? (
          <span id={`${id}-error`} className="field__error">
            {error}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      id={id}
      name={path}
      label={shownLabel}
      value={String(value)}
      error={error}
      hint={hint}
      onChange={(e) => set(path, e.target.value)}
      {...input}
    />
  );
}
