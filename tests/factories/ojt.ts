/**
 * OJT fixtures: a movable college clock, coordinators with their programmes, and a
 * placement made through the model (so it obeys the real rules).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Role } from "../../db/constants";
import { mailOutbox } from "../../db/schema";
import { setCoordinatorCourses } from "../../app/models/ojt/access.server";
import type { OjtConfig, OjtCtx } from "../../app/models/ojt/config";
import { changePlacementStatus, createPlacement } from "../../app/models/ojt/placement.server";
import { decideSignoff } from "../../app/models/ojt/signoff.server";
import { courseId, createCompany, createUser } from "./index";
import { completeChecklist, recordMoa } from "./ojt-docs";

/** A clock the tests move; its config reads it. Starts Wednesday 2026-03-11 12:00 in Manila. */
export function ojtClock(start = "2026-03-11T04:00:00Z") {
  let now = new Date(start);
  const cfg: OjtConfig = {
    timeZone: "Asia/Manila",
    publicUrl: "http://runway.test",
    collegeName: "Test College",
    now: () => now,
  };
  return {
    cfg,
    set(iso: string) {
      now = new Date(iso);
    },
    advanceDays(days: number) {
      now = new Date(now.getTime() + days * 86_400_000);
    },
  };
}

export function ctxAs(
  db: Db,
  cfg: OjtConfig,
  user: { id: string; role: Role; email: string },
): OjtCtx {
  return { db, actor: { id: user.id, role: user.role, email: user.email }, ojt: cfg };
}

/** A coordinator of the given programmes (codes). */
export async function createCoordinator(db: Db, codes: string[] = ["BSAMT"]) {
  const { user } = await createUser(db, { role: "coordinator", courseCode: null, studentId: null });
  await setCoordinatorCourses(db, user.id, await Promise.all(codes.map((c) => courseId(db, c))));
  return user;
}

/**
 * A createPlacement input starting 2026-03-02 with a supervisor named "S" at the host (the
 * supervisor, end date and hours can be changed; no hours: the programme's).
 */
export function placementInput(
  studentId: string,
  companyId: string,
  o: { name?: string; email?: string; expectedEndDate?: string; requiredHours?: number } = {},
) {
  return {
    studentId,
    companyId,
    supervisor: {
      name: o.name ?? "S",
      position: null,
      email: o.email ?? "s@host.example.com",
      phone: null,
    },
    startDate: "2026-03-02",
    expectedEndDate: o.expectedEndDate ?? "2026-06-30",
    ...(o.requiredHours === undefined ? {} : { requiredHours: o.requiredHours }),
  };
}

export interface OjtSetupOptions {
  courseCode?: string;
  startDate?: string;
  expectedEndDate?: string;
  requiredHours?: number;
  deployed?: boolean;
  supervisorEmail?: string;
}

/** A BSAMT student placed by their coordinator at a company, deployed unless told otherwise. */
export async function createOjtSetup(db: Db, cfg: OjtConfig, o: OjtSetupOptions = {}) {
  const code = o.courseCode ?? "BSAMT";
  const coordinatorUser = await createCoordinator(db, [code]);
  const { user: studentUser } = await createUser(db, { role: "student", courseCode: code });
  const company = await createCompany(db, { name: `Hangar ${studentUser.id.slice(0, 6)}` });
  await recordMoa(db, cfg, company.id);
  const coordinator = ctxAs(db, cfg, coordinatorUser);
  const student = ctxAs(db, cfg, studentUser);
  let placement = await createPlacement(coordinator, {
    studentId: studentUser.id,
    companyId: company.id,
    supervisor: {
      name: "Maria Santos",
      position: "Hangar Supervisor",
      email: o.supervisorEmail ?? `supervisor.${studentUser.id.slice(0, 8)}@mro.example.com`,
      phone: null,
    },
    startDate: o.startDate ?? "2026-03-02",
    expectedEndDate: o.expectedEndDate ?? "2026-06-30",
    requiredHours: o.requiredHours ?? 486,
  });
  if (o.deployed !== false) {
    // Deploying needs every required document (the host's agreement was recorded above).
    await completeChecklist(db, cfg, placement.id);
    placement = await changePlacementStatus(coordinator, placement.id, {
      status: "deployed",
      reason: null,
    });
  }
  return { coordinatorUser, studentUser, company, coordinator, student, placement };
}

/** The sign-off link's token of the newest mail to an address (the outbox keeps pending bodies). */
export async function lastSignoffToken(db: Db, to: string): Promise<string> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const texts = rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => r.text ?? "");
  const m = /\/supervise\/([A-Za-z0-9_-]+)/.exec(texts.at(-1) ?? "");
  if (!m) throw new Error(`no sign-off link mailed to ${to}`);
  return m[1];
}

/** The supervisor approves the last week mailed to `supervisorEmail`, through its link. */
export async function approveLastWeek(
  db: Db,
  cfg: OjtConfig,
  supervisorEmail: string,
  comment: string | null = null,
): Promise<void> {
  await decideSignoff(db, cfg, await lastSignoffToken(db, supervisorEmail), {
    decision: "approve",
    comment,
  });
}

/** An entry input as the schema would hand it to the model (times in minutes). */
export function entry(
  date: string,
  timeIn = "08:00",
  timeOut = "17:00",
  breakMinutes = 60,
  tasks = "Assisted in the A-check of RP-C1234",
) {
  const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return {
    date,
    timeIn: hm(timeIn),
    timeOut: hm(timeOut),
    breakMinutes,
    tasks,
    aircraftType: null,
    registration: null,
    ataChapter: null,
    involvement: null,
  };
}
