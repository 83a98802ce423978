import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** A message key under `validation.` in the shell's translations. */
  errorKey?: string;
}

/** A labelled input with its translated validation message. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { name, label, errorKey, ...input },
  ref,
) {
  const { t } = useTranslation('shell');
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        ref={ref}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={errorKey ? errorId : undefined}
        {...input}
      />
      {errorKey && (
        <span id={errorId} className="field__error">
          {t(`validation.${errorKey}`)}
        </span>
      )}
    </div>
  );
});
