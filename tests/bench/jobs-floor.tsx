/**
 * The benchmark's floor: a bare node:http server that runs the very SQL the app runs (compiled from
 * the same model functions) through postgres.js and answers the same JSON for /api/jobs and the
 * same board HTML (React renderToString) for /jobs — no Remix, no express, no sessions. Forked by
 * tests/bench/jobs.ts with DATABASE_URL and PORT; reports {ready, port} over IPC.
 */
import http from "node:http";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { renderToString } from "react-dom/server";
import { JOB_TYPES } from "../../db/constants";
import { searchEvents } from "../../db/schema";
import { preview, relativeTime } from "../../app/lib/format";
import {
  categoriesSql,
  logoPath,
  publicSearchSql,
  safeWebsite,
  parseJob,
  serializeJob,
  type Job,
} from "../../app/models/job/job.server";
import { actorKey } from "../../app/models/search/search.server";
import { analyticsTerm } from "../../app/models/search/search.schema";
import { JOB_TYPE_LABELS } from "../../app/lib/format";

const client = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const dialect = new PgDialect();
const orm = drizzle(client);
const SECRET = process.env.SESSION_SECRET ?? "bench-secret-bench-secret-bench-secret-00";

async function search(
  q: string,
  limit: number,
): Promise<{ rows: Job[]; total: number; capped: boolean }> {
  const c = dialect.sqlToQuery(
    publicSearchSql({ q, jobType: "", location: "", category: "" }, { offset: 0, limit }),
  );
  const rows: Record<string, unknown>[] = await client.unsafe(c.sql, c.params as never[]);
  return {
    rows: rows.filter((r) => r.id !== null).map(parseJob),
    total: Number(rows[0]?.total ?? 0),
    capped: rows[0]?.mode === "capped",
  };
}

async function categories(): Promise<string[]> {
  const c = dialect.sqlToQuery(categoriesSql(false));
  const rows = (await client.unsafe(c.sql, c.params as never[])) as unknown as Array<{ c: string }>;
  return rows
    .map((r) => r.c)
    .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || a.localeCompare(b));
}

async function recordSearch(term: string, ip: string) {
  const t = analyticsTerm(term);
  if (!t) return;
  const c = orm
    .insert(searchEvents)
    .values({ term: t, actorKey: actorKey({ ip }, SECRET) })
    .onConflictDoNothing()
    .returning({ id: searchEvents.id })
    .toSQL();
  await client.unsafe(c.sql, c.params as never[]);
}

function Board({
  q,
  rows,
  total,
  cats,
  now,
}: {
  q: string;
  rows: Job[];
  total: number;
  cats: string[];
  now: number;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`“${q}” — internships and jobs · Runway`}</title>
        <link rel="stylesheet" href="/build/_assets/app.css" />
        <link rel="stylesheet" href="/build/_assets/jobs.css" />
      </head>
      <body>
        <a href="#main" className="visually-hidden">
          Skip to content
        </a>
        <header className="navbar">
          <nav aria-label="Main">
            <ul className="nav-list">
              {["Home", "Jobs", "Login", "Register"].map((l) => (
                <li key={l}>
                  <a href={`/${l.toLowerCase()}`}>{l}</a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <div id="main">
          <main className="page">
            <h1>Internships and Jobs Available:</h1>
            <form method="get" role="search" className="jobs-filters">
              <label htmlFor="jobs-q">Search</label>
              <input id="jobs-q" type="search" name="q" defaultValue={q} />
              <select name="type" defaultValue="">
                <option value="">All types</option>
                {JOB_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {JOB_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
              <input type="text" name="location" />
              <select name="category" defaultValue="">
                <option value="">All categories</option>
                {cats.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              <button type="submit">Search</button>
              <a href="/jobs">Clear filters</a>
            </form>
            <p role="status">{total} jobs</p>
            <div className="grid-cards">
              {rows.map((r) => (
                <article key={r.id} className="card job-card" aria-labelledby={`job-${r.id}-title`}>
                  <span className="company-logo company-logo-placeholder">
                    {r.companyName.slice(0, 2)}
                  </span>
                  <h2 id={`job-${r.id}-title`}>
                    <a href={`/jobs/${r.id}`}>{r.title}</a>
                  </h2>
                  <time dateTime={new Date(r.createdAt).toISOString()}>
                    {relativeTime(r.createdAt, new Date(now))}
                  </time>
                  <p>{preview(r.shortDescription, r.description)}</p>
                  <dl className="job-facts">
                    <dt>Company</dt>
                    <dd>{r.companyName}</dd>
                    <dt>Location</dt>
                    <dd>{r.location}</dd>
                    <dt>Type</dt>
                    <dd>{JOB_TYPE_LABELS[r.jobType]}</dd>
                  </dl>
                  <form method="post" action={`/jobs/${r.id}/apply`} target="_blank">
                    <button type="submit">Apply Now</button>
                  </form>
                </article>
              ))}
            </div>
          </main>
        </div>
        <script
          dangerouslySetInnerHTML={{
            __html: `window.__data=${JSON.stringify({
              jobs: rows.map((r) => ({
                id: r.id,
                title: r.title,
                logoUrl: logoPath(r.companyLogoFileId),
                hasWebsite: !!safeWebsite(r.companyWebsite),
              })),
              total,
              categories: cats,
            }).replace(/</g, "\\u003c")}`,
          }}
        />
      </body>
    </html>
  );
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    const q = url.searchParams.get("q") ?? "";
    if (url.pathname === "/api/jobs") {
      const r = await search(q, Number(url.searchParams.get("limit") ?? 50));
      const body = JSON.stringify(r.rows.map((row) => serializeJob(row)));
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        "X-Total-Count": String(r.total),
      });
      return res.end(body);
    }
    if (url.pathname === "/jobs") {
      const [r, cats] = await Promise.all([search(q, 10), categories()]);
      if (q) await recordSearch(q, req.socket.remoteAddress ?? "unknown");
      const html =
        "<!DOCTYPE html>" +
        renderToString(<Board q={q} rows={r.rows} total={r.total} cats={cats} now={Date.now()} />);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(html);
    }
    res.writeHead(404).end();
  } catch (e) {
    console.error(e);
    res.writeHead(500).end();
  }
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const port = (server.address() as { port: number }).port;
  process.send?.({ ready: true, port });
});
process.on("SIGTERM", () => {
  server.close();
  void client.end({ timeout: 2 }).finally(() => process.exit(0));
});
