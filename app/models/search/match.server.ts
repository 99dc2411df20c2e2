/**
 * Accent- and case-blind substring matching, one rule for every filter box (board location, admin
 * users search, admin companies search): both sides go through lower(runway_unaccent(…)), so
 * 'paranaque' finds 'Parañaque' and 'MARIA' finds 'María'. Keep the column side exactly as written
 * in the trigram indexes of migration 0002, or PostgreSQL cannot use them.
 */
import { sql, type SQL } from "drizzle-orm";

/** The normalised form of a column or expression (matches the expression indexes). */
export const folded = (expr: SQL): SQL => sql`lower(runway_unaccent(${expr}))`;

/**
 * The LIKE pattern `%term%` for a user's term: unaccented and lower-cased first, then the LIKE
 * wildcards escaped, in SQL — unaccent can turn a letter into punctuation, so escaping before it
 * would miss what it produces.
 */
export const containsPattern = (term: string): SQL =>
  sql`'%' || replace(replace(replace(lower(runway_unaccent(${term}::text)), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** `expr` contains `term`, ignoring accents and case. */
export const containsFolded = (expr: SQL, term: string): SQL =>
  sql`${folded(expr)} like ${containsPattern(term)}`;
