// fast-check arbitraries for the fuzz tests: any text a client can send, not just ASCII.
import fc from 'fast-check';

/** A lone UTF-16 surrogate (invalid Unicode, no UTF-8 form). */
export const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

/** NUL, another C0 control character, DEL or a C1 control character. */
export const controlChar = fc
  .oneof(fc.constant(0), fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

/**
 * Any text: full Unicode code points, graphemes (emoji sequences, combining marks), control
 * characters, lone surrogates and NUL mixed in, and very long strings.
 */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      controlChar,
      loneSurrogate,
    ),
  }),
  fc.tuple(fc.string(), controlChar, fc.string()).map(([a, c, b]) => a + c + b),
  fc.tuple(fc.string(), loneSurrogate, fc.string()).map(([a, s, b]) => a + s + b),
  fc.string({ unit: 'binary', minLength: 500, maxLength: 3000 }),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'é'.repeat(n)),
);

/**
 * Percent-encodes any JavaScript string for a URL, lone surrogates included (as the bytes a lenient
 * encoder would send, which are not valid UTF-8): encodeURIComponent throws on those.
 */
export function encodeAny(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}
