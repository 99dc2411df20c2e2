/**
 * Migration 0017 on data that broke the one-mailbox rule before it existed: the oldest account of
 * a mailbox keeps it, later ones are marked `shared_mailbox` (still there, set aside by the unique
 * index), and duplicated personal addresses stay only on the oldest account. Runs the migrations
 * up to 0015 on a fresh in-memory PGlite, writes such data, then applies the rest.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, openPglite } from "./client";
import { migrate } from "./migrate";
import { findMigrationsFolder } from "./migrations-path";

/** A copy of the migrations folder whose journal stops before `tag`. */
function foldersAround(tag: string): { before: string; all: string } {
  const all = findMigrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-mig-"));
  fs.cpSync(all, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  const stop = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return { before: dir, all };
}

describe("migration 0017 (one mailbox, one account)", () => {
  it("marks later accounts of a shared mailbox and keeps a duplicated personal address on the oldest", async () => {
    const { before, all } = foldersAround("0017_one_mailbox_one_account");
    const h = await createDb({ pglite: await openPglite() });
    try {
      await migrate(h, before);
      const add = (email: string, personal: string | null, at: string) =>
        h.db
          .execute(sql`insert into users (email, personal_email, role, first_name, last_name, created_at, mail_to_personal)
          values (${email}, ${personal}, 'alumni', 'A', 'B', ${at}::timestamptz, ${personal !== null})`);
      await add("ana@example.edu", "ana@gmail.com", "2026-01-01");
      await add("ana+1@example.edu", null, "2026-02-01");
      await add("ana+2@example.edu", "ana+x@gmail.com", "2026-03-01");
      await add("ben@example.edu", null, "2026-01-01");
      await migrate(h, all);
      const rows = await h.rows<{
        email: string;
        shared_mailbox: boolean;
        personal_email: string | null;
        mail_to_personal: boolean;
      }>(
        sql`select email, shared_mailbox, personal_email, mail_to_personal from users order by email`,
      );
      expect(rows).toEqual([
        {
          email: "ana+1@example.edu",
          shared_mailbox: true,
          personal_email: null,
          mail_to_personal: false,
        },
        {
          email: "ana+2@example.edu",
          shared_mailbox: true,
          personal_email: null,
          mail_to_personal: false,
        },
        {
          email: "ana@example.edu",
          shared_mailbox: false,
          personal_email: "ana@gmail.com",
          mail_to_personal: true,
        },
        {
          email: "ben@example.edu",
          shared_mailbox: false,
          personal_email: null,
          mail_to_personal: false,
        },
      ]);
      // From now on the rule holds: a new +tag of either mailbox is refused by the database.
      await expect(
        h.db.execute(
          sql`insert into users (email, role, first_name, last_name) values ('ana+3@example.edu', 'alumni', 'A', 'B')`,
        ),
      ).rejects.toThrow();
      await expect(
        h.db.execute(
          sql`insert into users (email, role, first_name, last_name) values ('ben+1@example.edu', 'alumni', 'A', 'B')`,
        ),
      ).rejects.toThrow();
    } finally {
      await h.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
