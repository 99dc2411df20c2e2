/**
 * The pieces of the schemas that parse raw SQL rows once, at the boundary (`parsedRows` in
 * #db/client): what the two drivers hand back, checked and turned into plain values.
 */
import { z } from "zod";

/** A count or a sum: a number (postgres.js hands bigint and numeric as text). */
export const numeric = z.coerce.number();

/** A timestamptz: a Date (text when it comes out of json). */
export const time = z.coerce.date();

/** A row that is just an id. */
export const idRow = z.object({ id: z.string() });
