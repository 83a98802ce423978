// The part of arabic-persian-reshaper (CommonJS, no bundled types) this API uses.
declare module 'arabic-persian-reshaper' {
  const reshaper: {
    ArabicShaper: {
      /** Arabic letters replaced by their joined presentation forms (initial, medial, final). */
      convertArabic(text: string): string;
    };
  };
  export default reshaper;
}
