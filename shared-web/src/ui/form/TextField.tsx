import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessages } from './FieldMessage';
import { fieldIds } from './fieldIds';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  name: string;
  /** The visible label (translated by the caller). */
  label: ReactNode;
  /** The translated error message; when set the input is marked invalid and described by it. */
  error?: ReactNode;
  /** A translated hint shown under the input (also read as its description). */
  hint?: ReactNode;
}

/**
 * A labelled input. Works with react-hook-form (`{...register('email')}` passes name, ref,
 * onChange and onBlur) and as a controlled input (`value` + `onChange`).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { name, id = name, label, error, hint, className, 'aria-describedby': describedBy, ...input },
  ref,
) {
  const ids = fieldIds(id, { error, hint, describedBy });
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
      <FieldMessages errorId={ids.errorId} hintId={ids.hintId} error={error} hint={hint} />
    </div>
  );
});
