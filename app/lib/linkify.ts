/**
 * Finds web addresses in plain text (job descriptions) so screens can render them as links made of
 * React elements — never HTML. Only http(s) URLs with a dotted host become links; `javascript:`,
 * `data:` and anything else stay text. A bare `www.` address links to https.
 */

export type TextPart = { text: string } | { text: string; href: string };

// A scheme'd http(s) URL or a www. address, up to whitespace or a character that cannot be in one.
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`\u0000-\u001f\u007f]+/giu;
const TRAILING = /[.,;:!?'"*_~]+$/u;

/** Drops trailing punctuation and closing brackets that the sentence, not the URL, owns. */
function trimMatch(raw: string): string {
  let s = raw.replace(TRAILING, "");
  for (const [open, close] of [
    ["(", ")"],
    ["[", "]"],
    ["{", "}"],
  ] as const) {
    while (s.endsWith(close) && s.split(close).length > s.split(open).length)
      s = s.slice(0, -1).replace(TRAILING, "");
  }
  return s;
}

/** The link target for a matched address, or null when it is not a safe http(s) URL. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (!u.hostname.includes(".") || u.username || u.password) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/** Splits text into plain parts and link parts (in order; joined texts equal the input). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    const raw = trimMatch(m[0]);
    const href = raw ? safeHref(raw) : null;
    if (!href) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
