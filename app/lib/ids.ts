/**
 * Row ids are UUIDs. A malformed id is simply unknown (404 at the doors), never a database error:
 * an id that comes from a URL, a form or a file is checked with `isUuid` before a query uses it.
 * This is the one UUID pattern; the service worker's policy uses it too.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const UUID_RE = new RegExp(`^${UUID}$`, "i");
const UUID_IN_TEXT = new RegExp(UUID, "i");

export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);

/** The first UUID inside a text (a pasted link, say), lowercased; null when there is none. */
export function uuidIn(text: string): string | null {
  return UUID_IN_TEXT.exec(text)?.[0].toLowerCase() ?? null;
}
