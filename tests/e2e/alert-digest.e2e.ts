/**
 * Job alerts end to end, on a board of its own so the operator's steps are real: the
 * demo data from `runway db seed --demo`, a student saves a search on /jobs, an admin approves a
 * matching pending job, the operator runs `runway alerts run --now` (PGlite allows one process, so
 * the server is stopped for it, as an operator would), the restarted server's mail worker delivers
 * the digest to a real SMTP sink, and the job link in that mail opens the job.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../setup/smtp-sink";
import { startServer } from "../setup/spawn-server";

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT) + 50;
const base = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(`tests/.tmp/e2e-${process.env.E2E_PORT}/alert-board`);
const env = { DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port), PUBLIC_URL: base };

async function runway(...args: string[]) {
  const { stdout } = await run(process.execPath, ["bin/runway.js", ...args], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
  });
  return stdout;
}

async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
}

test("a student saves a search, an admin approves a matching job, the digest arrives and its link opens the job", async ({
  browser,
}) => {
  test.slow();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const seeded = JSON.parse(await runway("db", "seed", "--demo", "--json")) as {
    users: { email: string; role: string; password: string }[];
  };
  const student = seeded.users.find((u) => u.role === "student")!;
  const admin = seeded.users.find((u) => u.role === "admin")!;
  let sink: SmtpSink | undefined;
  let server = await startServer(dataDir, env);
  try {
    // The student saves "travel desk" as a daily alert; nothing matches yet.
    const s = await signIn(browser, student.email, student.password);
    await s.goto("/jobs?q=travel+desk");
    await expect(s.getByText("No matching active jobs.")).toBeVisible();
    await s.getByText("Save this search as a job alert").click();
    await s.getByLabel("Alert name").fill("Travel desk jobs");
    await s.getByLabel("E-mail me").selectOption("daily");
    await s.getByRole("button", { name: "Save alert" }).click();
    // Saved on the server before /alerts is asked for.
    await expect(s.getByText("Alert saved. We will e-mail you when new jobs match.")).toBeVisible();
    await s.goto("/alerts");
    await expect(s.getByRole("heading", { name: "Travel desk jobs" })).toBeVisible();

    // The admin approves the pending demo job that matches.
    const a = await signIn(browser, admin.email, admin.password);
    await a.goto("/admin/jobs");
    await a.getByRole("button", { name: "Approve: Travel Desk Associate" }).first().click();
    await expect(a.getByText("Job approved")).toBeVisible();
    const approvedAt = Date.now();
    await a.context().close();
    await s.context().close();

    // The operator's run: the server stopped (PGlite is one process), the digests computed.
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    // A job counts once it has settled for 10 seconds (ADR 095).
    await new Promise((r) => setTimeout(r, Math.max(0, approvedAt + 11_000 - Date.now())));
    const report = JSON.parse(await runway("alerts", "run", "--now", "--json")) as {
      sent: number;
    };
    expect(report.sent).toBeGreaterThanOrEqual(1);

    sink = await startSmtpSink();
    server = await startServer(dataDir, { ...env, SMTP_URL: sink.url });
    const mail = await sink.waitFor(
      student.email,
      (m) => /Travel desk jobs/.test(m.subject),
      20_000,
    );
    expect(mail.text).toContain("Travel Desk Associate");
    const link = mail.text.match(new RegExp(`${base}/jobs/[0-9a-f-]{36}`))![0];
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(link);
    await expect(
      reader.getByRole("heading", { name: "Travel Desk Associate", level: 1 }),
    ).toBeVisible();
    await reader.context().close();
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    await sink?.close();
  }
});
