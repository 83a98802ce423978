import { useTranslation } from 'react-i18next';

/**
 * A comment's delete action as an icon (a bin) at a thumb's size: its name is read out and shown
 * on hover, and the comment's text keeps the row's width on a phone.
 */
export function DeleteCommentButton({
  at,
  disabled,
  onDelete,
}: {
  /** The comment's moment, which the name says (several comments, one button each). */
  at: string;
  disabled: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin');
  const name = t('practice.deleteCommentAt', { time: at });
  return (
    <button
      type="button"
      className="adm-icon-btn"
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={onDelete}
      data-testid="delete-comment"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
        />
      </svg>
    </button>
  );
}
