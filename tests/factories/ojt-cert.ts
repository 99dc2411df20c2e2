/**
 * Completion fixtures: a placement whose required hours are approved through the real weekly
 * sign-off, and the supervisor's evaluation row (written here directly: the evaluations' own
 * model lives elsewhere; the completion only reads that a final one exists).
 */
import path from "node:path";
import { createRequire } from "node:module";
import type { Db } from "../../db/client";
import type { OjtEvaluationStage } from "../../db/constants";
import { ojtRubrics, placementEvaluations, users } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { OjtConfig } from "../../app/models/ojt/config";
import { addEntry, submitWeek } from "../../app/models/ojt/hours.server";
import { changePlacementStatus } from "../../app/models/ojt/placement.server";
import { approveLastWeek, createOjtSetup, entry, ojtClock, type OjtSetupOptions } from "./ojt";

/** A supervisor's evaluation of a placement at a stage, all criteria rated `rating`. */
export async function addEvaluation(
  db: Db,
  placementId: string,
  stage: OjtEvaluationStage = "final",
  rating = 4,
) {
  const keys = [
    "quality",
    "knowledge",
    "safety",
    "initiative",
    "teamwork",
    "attendance",
    "communication",
  ];
  // The test databases are emptied between tests (the seeded rubric too): put version 1 back.
  await db
    .insert(ojtRubrics)
    .values({ version: 1, criteria: keys.map((key) => ({ key, label: key })) })
    .onConflictDoNothing();
  const [row] = await db
    .insert(placementEvaluations)
    .values({
      placementId,
      stage,
      rubricVersion: 1,
      ratings: Object.fromEntries(keys.map((k) => [k, rating])),
      average: rating,
      comments: "Reliable and careful.",
      wouldHire: "yes",
      supervisorName: "Maria Santos",
      supervisorEmail: "maria@mro.example.com",
    })
    .returning();
  return row;
}

/**
 * A deployed placement of 16 required hours (two 8-hour days, Mon 9 and Tue 10 March 2026) with
 * the week approved by its supervisor; the clock is left on Wednesday 11 March.
 */
export async function createHoursDone(db: Db, cfg: OjtConfig, o: OjtSetupOptions = {}) {
  const s = await createOjtSetup(db, cfg, { requiredHours: 16, ...o });
  await addEntry(s.student, s.placement.id, entry("2026-03-09"));
  await addEntry(
    s.student,
    s.placement.id,
    entry("2026-03-10", "08:00", "17:00", 60, "=SUM(A1) wiring check"),
  );
  await submitWeek(s.student, s.placement.id, "2026-03-09");
  await approveLastWeek(db, cfg, s.placement.supervisor.email);
  return s;
}

/**
 * A student who completed OJT through the model (hours signed off, final evaluation, completion
 * with the hiring answer) and then graduated: an alumnus of `year`.
 */
export async function completedOjtGraduate(
  db: Db,
  courseCode: string,
  year: number,
  hiredByHost: boolean,
) {
  const clock = ojtClock();
  const s = await createHoursDone(db, clock.cfg, { courseCode });
  await addEvaluation(db, s.placement.id, "final");
  await changePlacementStatus(s.coordinator, s.placement.id, {
    status: "completed",
    reason: null,
    hiredByHost,
  });
  await db
    .update(users)
    .set({ role: "alumni", graduationYear: year })
    .where(eq(users.id, s.studentUser.id));
  return s;
}

/** The text of a PDF, page by page, read back with PDF.js (the lines joined by spaces). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // PDF.js reads the standard 14 fonts' metrics from its own folder (text only: nothing renders).
  const fonts = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" "));
  }
  await doc.destroy();
  return pages;
}
