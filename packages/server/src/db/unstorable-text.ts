/**
 * Text Postgres cannot store in a text column (a NUL byte: `invalid byte sequence for encoding
 * "UTF8": 0x00`) or that is not Unicode (a lone surrogate). Request validation refuses it with a
 * 400 before it can reach SQL as a 500; pagination keys carrying text are checked with it too.
 */
export const UNSTORABLE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
