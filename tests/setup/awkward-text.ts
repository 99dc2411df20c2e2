/**
 * Text that breaks naive CSV and JSON writers: delimiters, quotes, line breaks, formula prefixes,
 * control characters, backslashes, unicode (combining marks, astral, U+2028), padding, empty.
 * Used by the export tests that compare the database's bytes with the JavaScript writers'.
 */
export const AWKWARD_TEXT = [
  "plain",
  "comma, inside",
  'say "hi"',
  "two\nlines",
  "crlf\r\nend",
  "lone\rcr",
  "=1+2",
  "+63 917",
  "-minus",
  "@mention",
  "\tTabbed",
  "\rCR first",
  " =not a formula",
  "'=already quoted",
  "back\\slash",
  "ctrl \u0001\u0008\u000c\u001f end",
  "ñandú — café ₱ 😀 e\u0301 \u2028",
  " padded ",
  "trailing comma,",
  '"',
  ",",
  "",
  "x".repeat(2000),
];
