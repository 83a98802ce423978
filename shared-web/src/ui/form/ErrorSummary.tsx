import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryError {
  /** The id of the invalid control (a link moves focus to it). */
  id: string;
  /** The translated message. */
  message: ReactNode;
}

/**
 * The list of a form's errors above it, for long forms: announced when it appears, each entry a
 * link that moves focus to its field. Renders nothing without errors. `focus` moves focus to the
 * summary itself when it appears (instead of the first invalid field).
 */
export function ErrorSummary({
  errors,
  title,
  focus = false,
}: {
  errors: SummaryError[];
  title?: ReactNode;
  focus?: boolean;
}) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown && focus) ref.current?.focus();
  }, [shown, focus]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      className="alert alert--error error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <p id="error-summary-title" className="error-summary__title">
        {title ?? t('form.errorSummary')}
      </p>
      <ul className="error-summary__list">
        {errors.map((e) => (
          <li key={e.id}>
            <a
              href={`#${e.id}`}
              onClick={(ev) => {
                const field = document.getElementById(e.id);
                if (!field) return;
                ev.preventDefault();
                field.focus();
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
