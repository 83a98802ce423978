// Validators return message KEYS, never text: each front end translates them through its own
// i18n namespace, and the API sends the same keys as `errors[].code`.
export type FieldErrors<Field extends string, Key extends string = string> = Partial<
  Record<Field, Key>
>;

/** True when a validator found at least one problem. */
export function hasErrors(errors: object): boolean {
  return Object.values(errors).some((v) => v !== undefined);
}

/** Empty, null, undefined or whitespace only. */
export function isBlank(value: string | null | undefined): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

// Rich-text editors leave markup such as "<p><br></p>" in an emptied field: that is still empty,
// unless it embeds media (an image or video is content on its own).
const MEDIA_TAG = /<(img|iframe|video|audio)\b/i;
export function isBlankRichText(value: string | null | undefined): boolean {
  if (isBlank(value)) return true;
  const text = value as string;
  if (MEDIA_TAG.test(text)) return false;
  return (
    text
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/gi, ' ')
      .trim() === ''
  );
}
