/**
 * The restore drill of docs/operations.md ("Restore drill"), performed: create data, back it up the
 * documented way, restore into a fresh database / directory, open it as the server would (migrate),
 * then compare every table's row count, sign in, search and read an uploaded image.
 * PGlite: tar of the stopped DATA_DIR. PostgreSQL (TEST_DATABASE_URL): pg_dump / pg_restore.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { migrate } from "../../db/migrate";
import { files } from "../../db/schema";
import { authenticate } from "../../app/models/auth/auth.server";
import { seedCourses } from "../../db/seed/courses";
import { storeImage } from "../../app/models/file/file.server";
import { searchAllJobs } from "../../app/models/job/job.server";
import { createCompany, createJob, createSurvey, createUser } from "../factories";
import { loadPgliteTemplate } from "../setup/db";
import { authCtx } from "../setup/auth-config";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-drill-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.error}`);
  return r.stdout;
}

/** Rows per public table (the migrations journal included), the fingerprint of a whole database. */
async function tableCounts(h: DbHandle): Promise<Record<string, number>> {
  const tables = await h.rows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, number> = {};
  for (const { tablename } of tables)
    out[tablename] = (
      await h.rows<{ n: number }>(sql.raw(`select count(*)::int as n from "${tablename}"`))
    )[0].n;
  return out;
}

/** Data of every kind: users with passwords, a company, jobs (search vectors), a survey, an image. */
async function createData(h: DbHandle) {
  const admin = await createUser(h.db, { role: "admin", password: "drill-admin-pass-1" });
  const alumna = await createUser(h.db, { role: "alumni", password: "drill-alumni-pass-2" });
  await createUser(h.db, { role: "student" });
  const company = await createCompany(h.db, { name: "Drill Aviation Services" });
  await createJob(h.db, { title: "Avionics Technician Trainee", companyId: company.id });
  await createJob(h.db, {
    title: "Ground Handling Agent",
    companyId: company.id,
    isApproved: false,
  });
  await createSurvey(h.db, { title: "Restore drill survey" });
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#036" } })
    .png()
    .toBuffer();
  const image = await storeImage(h.db, new Blob([png], { type: "image/png" }), {
    kind: "logo",
    actorId: admin.user.id,
  });
  const [stored] = await h.db
    .select({ bytes: files.bytes })
    .from(files)
    .where(eq(files.id, image.id));
  return { admin, alumna, imageId: image.id, imageBytes: Buffer.from(stored.bytes) };
}

/** What the drill checks on the restored copy, against the source's figures. */
async function verify(
  h: DbHandle,
  data: Awaited<ReturnType<typeof createData>>,
  counts: Record<string, number>,
) {
  expect(await tableCounts(h)).toEqual(counts);
  expect(counts.users).toBe(3);
  expect(counts.jobs).toBe(2);
  for (const who of [data.admin, data.alumna]) {
    const user = await authenticate(authCtx(h.db), {
      email: who.user.email,
      password: who.password,
      ip: "192.0.2.10",
    });
    expect(user.id).toBe(who.user.id);
  }
  await expect(
    authenticate(authCtx(h.db), {
      email: data.admin.user.email,
      password: "wrong-password",
      ip: "192.0.2.10",
    }),
  ).rejects.toThrow();
  // Full-text search still works: the trigger-maintained vectors and the extensions came along.
  const found = await searchAllJobs(h.db, { q: "avionics" }, { offset: 0, limit: 10 });
  expect(found.rows.map((r) => r.title)).toEqual(["Avionics Technician Trainee"]);
  const [img] = await h.db
    .select({ bytes: files.bytes })
    .from(files)
    .where(eq(files.id, data.imageId));
  expect(Buffer.from(img.bytes).equals(data.imageBytes)).toBe(true);
}

describe("restore drill", () => {
  it("[pglite] backs up the stopped DATA_DIR with tar, restores it into a new DATA_DIR, and serves from it", async () => {
    const dataDir = path.join(tmp, "data");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, ".session-secret"), randomBytes(32).toString("base64url"));
    const source = await createDb({
      pglite: await loadPgliteTemplate(path.join(dataDir, "pglite")),
    });
    const data = await createData(source);
    const counts = await tableCounts(source);
    await source.close(); // "stop the server"

    const archive = path.join(tmp, "runway-pglite.tgz");
    run("tar", ["-C", dataDir, "-czf", archive, "pglite", ".session-secret"]);

    const restoredDir = path.join(tmp, "restored");
    fs.mkdirSync(restoredDir);
    run("tar", ["-C", restoredDir, "-xzf", archive]);
    expect(fs.readFileSync(path.join(restoredDir, ".session-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(dataDir, ".session-secret"), "utf8"),
    );
    // Opened as the server opens DATA_DIR/pglite: with its lock, then migrated.
    const restored = await createDb({ dataDir: path.join(restoredDir, "pglite") });
    try {
      await migrate(restored);
      await seedCourses(restored.db);
      await verify(restored, data, counts);
    } finally {
      await restored.close();
    }
  }, 180_000);

  const template = inject("pgTemplateUrl");
  it.skipIf(!template)(
    "[postgres] backs up with pg_dump, restores with pg_restore into a new database, and serves from it",
    async () => {
      const base = new URL(template!);
      const admin = postgres({ ...pgOptions(base, "postgres"), max: 1, onnotice: () => {} });
      const suffix = randomBytes(4).toString("hex");
      const names = {
        source: `${base.pathname.slice(1)}_drill_src_${suffix}`,
        target: `${base.pathname.slice(1)}_drill_dst_${suffix}`,
      };
      const urlOf = (db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString();
      try {
        // The live database: a fresh one, migrated as the server does on start.
        await admin.unsafe(`create database "${names.source}"`);
        const source = await createDb({ databaseUrl: urlOf(names.source), max: 2 });
        let data: Awaited<ReturnType<typeof createData>>;
        let counts: Record<string, number>;
        try {
          await migrate(source);
          await seedCourses(source.db);
          data = await createData(source);
          counts = await tableCounts(source);
          // pg_dump runs online, next to the open connections.
          const dump = path.join(tmp, "runway.dump");
          run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, urlOf(names.source)]);
          expect(fs.statSync(dump).size).toBeGreaterThan(0);

          await admin.unsafe(`create database "${names.target}"`);
          run("pg_restore", [
            "--no-owner",
            "--exit-on-error",
            `--dbname=${urlOf(names.target)}`,
            dump,
          ]);
        } finally {
          await source.close();
        }
        const restored = await createDb({ databaseUrl: urlOf(names.target), max: 2 });
        try {
          // `runway db migrate` (also what a start does): a no-op here, newer migrations on an older dump.
          await migrate(restored);
          await seedCourses(restored.db);
          await verify(restored, data, counts);
        } finally {
          await restored.close();
        }
      } finally {
        for (const n of Object.values(names))
          await admin.unsafe(`drop database if exists "${n}" with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});

function pgOptions(base: URL, database: string) {
  return {
    host: base.hostname,
    port: Number(base.port || 5432),
    user: decodeURIComponent(base.username),
    password: decodeURIComponent(base.password) || undefined,
    database,
  };
}
