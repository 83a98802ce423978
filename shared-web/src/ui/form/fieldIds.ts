/** The ids a field's error and hint get, and the `aria-describedby` that points at them. */
export function fieldIds(
  id: string,
  opts: { error?: unknown; hint?: unknown; describedBy?: string },
): { errorId: string; hintId: string; describedBy: string | undefined } {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const parts = [opts.describedBy, opts.hint ? hintId : null, opts.error ? errorId : null];
  const describedBy = parts.filter(Boolean).join(' ') || undefined;
  return { errorId, hintId, describedBy };
}

/**
 * Moves focus to the first invalid field inside `root` (forms with react-hook-form get this from
 * its `shouldFocusError`; a form with controlled fields calls this after validating).
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  el?.focus();
  return !!el;
}
