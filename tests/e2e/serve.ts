/**
 * The e2e server: a fresh PGlite directory seeded with the accounts of fixtures.ts, a real SMTP
 * sink that writes every received message to tests/.tmp/e2e-<port>/mail/*.json, and the built
 * server (server.mjs) started with that configuration. Playwright starts and stops it.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/lib/db.server";
import { setCoordinatorCourses } from "../../app/models/ojt/access.server";
import { courseId, createCompany, createJob, createUser } from "../factories";
import { startSmtpSink } from "../setup/smtp-sink";
import { accounts, dataDir, E2E_PASSWORD, mailDir } from "./fixtures";
import { seedPhoneSweep } from "./phone-seed";

const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const base = path.resolve(`tests/.tmp/e2e-${port}`);
fs.rmSync(base, { recursive: true, force: true });
fs.mkdirSync(path.resolve(mailDir()), { recursive: true });

let n = 0;
const sink = await startSmtpSink({
  port: smtpPort,
  onMail: (m) => {
    // Written whole, then renamed into place: a test polling the folder never reads half a file.
    const file = path.join(path.resolve(mailDir()), `${Date.now()}-${++n}.json`);
    fs.writeFileSync(
      `${file}.part`,
      JSON.stringify({ to: m.to, subject: m.subject, text: m.text, html: m.html }),
    );
    fs.renameSync(`${file}.part`, file);
  },
});

const dir = path.resolve(dataDir());
const handle = await openDatabase({ dataDir: path.join(dir, "pglite") });
for (const a of Object.values(accounts)) {
  const { user } = await createUser(handle.db, {
    email: a.email,
    password: E2E_PASSWORD,
    role: a.role,
    firstName: a.firstName,
    lastName: a.lastName,
  });
  // The coordinator manages BSAE, the factories' default programme of the students.
  if (a.role === "coordinator")
    await setCoordinatorCourses(handle.db, user.id, [await courseId(handle.db, "BSAE")]);
}
const company = await createCompany(handle.db, {
  name: "Seed Aviation Corp",
  website: "https://seed-aviation.example",
});
await createJob(handle.db, { title: "Seeded Line Maintenance Intern", companyId: company.id });
// The paperwork journey's host, apart from the one the hours journey gives an agreement.
await createCompany(handle.db, {
  name: "Hangar Two Aviation",
  website: "https://hangar-two.example",
});
await seedPhoneSweep(handle.db);
await handle.close();

const child = fork(path.resolve("server.mjs"), [], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: "",
    SMTP_URL: sink.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    RUNWAY_SKIP_BUILD_CHECK: "1",
    COLLEGE_EMAIL_DOMAIN: "example.edu",
    // Chromium, Playwright and the server share two cores in CI: a busy moment there is not the
    // server's load, and a journey must not meet a 503 for it (shedding has its own tests).
    EVENT_LOOP_MAX_DELAY: "0",
  },
  stdio: "inherit",
});
child.on("exit", (code) => {
  if (!stopping) {
    console.error(`e2e server exited with ${code}`);
    process.exit(1);
  }
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await sink.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
