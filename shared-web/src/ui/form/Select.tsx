import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldMessages } from './FieldMessage';
import { fieldIds } from './fieldIds';

export interface SelectOption {
  value: string;
  /** Translated by the caller. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: ReactNode;
  /** The choices; or pass `<option>` children instead. */
  options?: SelectOption[];
  /** A first, empty choice ("Choose ..."), translated by the caller. */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform). */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  {
    name,
    id = name,
    label,
    options,
    placeholder,
    error,
    hint,
    className,
    children,
    'aria-describedby': describedBy,
    ...select
  },
  ref,
) {
  const ids = fieldIds(id, { error, hint, describedBy });
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <FieldMessages errorId={ids.errorId} hintId={ids.hintId} error={error} hint={hint} />
    </div>
  );
});
