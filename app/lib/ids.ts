/**
 * Row ids are UUIDs. A malformed id is simply unknown (404 at the doors), never a database error:
 * an id that comes from a URL, a form or a file is checked with `isUuid` before a query uses it.
 * This is the one UUID pattern; the service worker's policy uses it too.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);
