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

// C0 control characters (NUL to US), DEL and the C1 controls: no one types them, PostgreSQL cannot
// store NUL, and a terminal or log viewer may act on them. Multi-line text keeps tab, LF and CR.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
// a lone UTF-16 surrogate has no UTF-8 form: it would be stored as U+FFFD, silently changed
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `value` holds a control character (tab, line feed and carriage return are allowed in
 * `multiline` text) or a lone surrogate (invalid Unicode).
 */
export function hasInvalidCharacters(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (
    (opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value) || LONE_SURROGATE.test(value)
  );
}

// Characters that change the direction text is shown in: U+202A-U+202E (embeddings and overrides),
// U+2066-U+2069 (isolates), U+200E and U+200F (marks) and U+061C (the Arabic letter mark). In a
// name they make it read differently in a list or a spreadsheet than the letters it holds.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** True when `value` holds a bidirectional control character (names refuse them). */
export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROL.test(value);
}
