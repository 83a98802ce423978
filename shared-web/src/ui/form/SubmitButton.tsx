import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** While the form is being sent: disabled, `aria-busy`, and `busyLabel` instead of the label. */
  busy?: boolean;
  /** The label while busy (translated by the caller); the normal label when not given. */
  busyLabel?: ReactNode;
  /** Full width (account forms). */
  block?: boolean;
  variant?: 'primary' | 'accent' | 'danger' | 'ghost';
}

/** A form's submit button that cannot be pressed twice while the form is being sent. */
export function SubmitButton({
  busy = false,
  busyLabel,
  block = false,
  variant = 'primary',
  disabled,
  className,
  children,
  ...button
}: SubmitButtonProps) {
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="submit"
      className={classes}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
