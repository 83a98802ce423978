import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (native <dialog>: focus is kept inside, Escape closes it). Rendered open while
 * mounted; `onClose` runs on Escape.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`adm-dialog${wide ? ' adm-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="adm-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
