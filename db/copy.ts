/**
 * Copies every row of one Runway database into another, empty one (`runway db copy --to …`): the
 * way to move a board from the embedded PGlite directory to PostgreSQL. Generic over the schema:
 * tables come from the catalog, in foreign-key order, rows travel as JSON (`to_jsonb` on the source,
 * `jsonb_populate_recordset` on the target — PostgreSQL's own casts, bytea included), and the whole
 * copy is one transaction on the target: it lands completely or not at all.
 */
import { sql } from "drizzle-orm";
import type { DbHandle } from "./client";

export class CopyTargetNotEmpty extends Error {
  constructor(public tables: string[]) {
    super(
      `The target database is not empty (rows in ${tables.join(", ")}). Copy into a new, empty database ` +
        "(createdb runway), or drop and recreate it first.",
    );
    this.name = "CopyTargetNotEmpty";
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Public tables, parents before children (a table's foreign keys point only at earlier ones). */
export async function tablesInDependencyOrder(h: DbHandle): Promise<string[]> {
  const tables = (
    await h.rows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.name);
  const deps = await h.rows<{ child: string; parent: string }>(sql`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const d of deps) parents.get(d.child)?.add(d.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)),
    );
    if (!ready.length)
      throw new Error("Circular foreign keys between tables; cannot order the copy");
    for (const t of ready) {
      ordered.push(t);
      done.add(t);
    }
  }
  return ordered;
}

const PAGE = 200;
/** Tables a fresh, migrated database already fills: the copy replaces their rows with the source's. */
const SEEDED = ["courses", "decline_templates"];

/**
 * Copies all rows of `source` into `target` (already migrated to the same version). Refuses a
 * target with any data besides the seeded reference rows (courses, and the decline templates
 * migration 0014 inserts), which are replaced by the source's (same ids).
 */
export async function copyDatabase(
  source: DbHandle,
  target: DbHandle,
  opts: { onTable?: (table: string, rows: number) => void } = {},
): Promise<{ tables: { table: string; rows: number }[] }> {
  const tables = await tablesInDependencyOrder(source);
  const targetTables = new Set(await tablesInDependencyOrder(target));
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length)
    throw new Error(`The target lacks the tables ${missing.join(", ")}: migrate it first`);

  const nonEmpty: string[] = [];
  for (const t of tables) {
    if (SEEDED.includes(t)) continue;
    const [r] = await target.rows<{ any: boolean }>(
      sql.raw(`select exists (select 1 from ${ident(t)}) as "any"`),
    );
    if (r?.any) nonEmpty.push(t);
  }
  if (nonEmpty.length) throw new CopyTargetNotEmpty(nonEmpty);

  // Serial columns (audit_log.id, search_events.id) must continue after the copied values.
  const serials = await target.rows<{ t: string; c: string }>(sql`
    select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and column_default like 'nextval(%'`);

  // Generated columns (survey_answers.csv_cell) are computed again by the target, never written.
  const written = await target.rows<{ t: string; cols: string[] }>(sql`
    select table_name as t, array_agg(column_name::text order by ordinal_position) as cols
    from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER'
    group by table_name`);
  const columnsOf = new Map(written.map((w) => [w.t, w.cols.map(ident).join(", ")]));

  const result: { table: string; rows: number }[] = [];
  await target.db.transaction(async (tx) => {
    for (const t of SEEDED) await tx.execute(sql.raw(`delete from ${ident(t)}`));
    for (const t of tables) {
      let rows = 0;
      for (let offset = 0; ; offset += PAGE) {
        // Text, not parsed JSON: the rows go through unchanged. ctid is a stable order here, since
        // nothing else writes to the source while it is being copied (PGlite is locked by us).
        const page = await source.rows<{ r: string }>(
          sql.raw(
            `select to_jsonb(t)::text as r from ${ident(t)} t order by ctid limit ${PAGE} offset ${offset}`,
          ),
        );
        if (!page.length) break;
        const json = `[${page.map((p) => p.r).join(",")}]`;
        const cols = sql.raw(columnsOf.get(t)!);
        await tx.execute(
          sql`insert into ${sql.raw(ident(t))} (${cols}) select ${cols} from jsonb_populate_recordset(null::${sql.raw(ident(t))}, ${json}::jsonb)`,
        );
        rows += page.length;
        if (page.length < PAGE) break;
      }
      result.push({ table: t, rows });
      opts.onTable?.(t, rows);
    }
    for (const { t, c } of serials) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${ident(t)}', '${c}'), coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`,
        ),
      );
    }
  });
  return { tables: result };
}
