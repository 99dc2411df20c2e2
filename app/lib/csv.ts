/**
 * The one rule for every CSV Runway writes (the survey and outcomes exports, `runway export`, the
 * import's rejects file): a cell a spreadsheet program would read as a formula — it starts with
 * = + - @ tab or CR (CSV injection: `=HYPERLINK(…)`, `=cmd|' /C calc'!A0`) — gets a leading
 * apostrophe, which makes it plain text (OWASP's advice). `neutraliseSql` is the same rule for
 * cells the database writes; the answers' cells keep theirs in PL/pgSQL (migration 0015).
 */
import { sql, type SQL } from "drizzle-orm";

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as plain text for a spreadsheet: an apostrophe before a formula-looking start. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The apostrophe `neutralise` would add to the text expression `x`, as SQL: `'` or an empty
 * string (also for null). Put it before the cell's text, inside any quotes.
 */
export function neutralisePrefixSql(x: SQL): SQL {
  return sql`case when left(${x}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' else '' end`;
}
