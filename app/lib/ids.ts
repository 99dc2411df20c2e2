/**
 * Row ids are UUIDs. A malformed id is simply unknown (404 at the doors), never a database error:
 * every model checks with this one function before it queries.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);
