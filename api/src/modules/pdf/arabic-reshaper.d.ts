// The part of arabic-persian-reshaper (no bundled types) this API uses.
declare module 'arabic-persian-reshaper' {
  export const ArabicShaper: {
    /** Arabic letters replaced by their joined presentation forms (initial, medial, final). */
    convertArabic(text: string): string;
  };
}
