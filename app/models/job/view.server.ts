/**
 * What a job lets the person looking at it do: the role-dependent fields of a job (save, report,
 * edit, apply) decided once here for every screen, from the one `Job` and the actor.
 */
import type { Actor } from "../context";
import { isListed, isPubliclyVisible } from "./job.board";
import { applyTargetOfRow, type Job } from "./job.server";

/** save: the bookmark button; sign-in: a link to sign in first; none: no bookmark. */
export type SaveMode = "save" | "sign-in" | "none";
/** form: 'Report this posting'; sign-in: a link to sign in first; none: nothing. */
export type ReportMode = "form" | "sign-in" | "none";
/**
 * open: on the board, taking applications; closed: listed but past its application deadline (its
 * page stays, saying so); unlisted: not on the board (an admin's or its employer's preview).
 */
export type ApplyState = "open" | "closed" | "unlisted";

type Viewer = Pick<Actor, "role" | "companyId"> | null | undefined;

/** Students and alumni save jobs; a guest is asked to sign in; admins and employers do not save. */
export function saveModeOf(actor: Viewer): SaveMode {
  if (!actor) return "sign-in";
  return actor.role === "student" || actor.role === "alumni" ? "save" : "none";
}

/** The job as the actor sees it: the role-dependent fields beside the job. */
export function toJobView(job: Job, actor: Viewer, now = Date.now()) {
  const listed = isListed(job);
  const isPublic = isPubliclyVisible(job, now);
  // Signed-in users other than admins (who review reports) may report a listed job.
  const reportMode: ReportMode = !listed
    ? "none"
    : !actor
      ? "sign-in"
      : actor.role === "admin"
        ? "none"
        : "form";
  const applyState: ApplyState = isPublic ? "open" : listed ? "closed" : "unlisted";
  return {
    saveMode: saveModeOf(actor),
    reportMode,
    /** Admins edit any job; an employer the jobs of its own company. */
    canEdit:
      actor?.role === "admin" ||
      (actor?.role === "employer" && !!actor.companyId && actor.companyId === job.companyId),
    isPublic,
    applyState,
    /** Where Apply Now goes, or null when the job gives no way (its page shows instructions). */
    apply: applyTargetOfRow(job),
  };
}
