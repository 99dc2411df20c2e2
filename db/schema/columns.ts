import { customType, timestamp } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";

/** Raw bytes (uploaded files live in the database so any instance can serve them). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});

/** Full-text search document; maintained by triggers (see the search migration). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** Text compared byte by byte (prefix ranges on an index), like the words of a tsvector. */
export const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `column IN ('a','b')` for check constraints from the shared constant lists. */
export function oneOf(column: SQL | unknown, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;
}
