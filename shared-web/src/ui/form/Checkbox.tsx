import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessages } from './FieldMessage';
import { fieldIds } from './fieldIds';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'children'
> {
  name: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A checkbox with its label beside it (Space toggles it); react-hook-form or controlled. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { name, id = name, label, error, hint, className, 'aria-describedby': describedBy, ...input },
  ref,
) {
  const ids = fieldIds(id, { error, hint, describedBy });
  return (
    <div className={`field field--check${className ? ` ${className}` : ''}`}>
      <div className="field__row">
        <input
          type="checkbox"
          id={id}
          name={name}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessages errorId={ids.errorId} hintId={ids.hintId} error={error} hint={hint} />
    </div>
  );
});
