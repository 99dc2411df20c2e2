/**
 * Tracer-study invitations and reminders (ADR 102): who is mailed, the personal links,
 * the survey-mail unsubscribe, the reminder schedule and the progress (response and knowledge
 * rates) of a survey.
 *
 * A batch is a few set statements in one transaction, never a loop of inserts: the candidates are
 * read once, their tokens made in bulk here (only SHA-256 of a link token is stored; the raw token
 * lives only in the pending message body, nulled once sent), and one INSERT … SELECT over a JSON
 * parameter writes the invitations and the outbox rows together. The outbox drains at the SMTP
 * server's pace and survives a restart, so the request returns at once.
 *
 * Never twice: a first invitation is an INSERT … ON CONFLICT DO NOTHING on (survey, person) and
 * only the rows actually inserted get a message; a reminder is a conditional UPDATE … RETURNING
 * (`last_sent_at` older than the gap, fewer than K reminders) re-checked on the locked row, and
 * only the rows it returned get a message. Two senders racing (two instances, a double click)
 * therefore split the people between them, whatever the timing.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  surveyInvitations,
  surveyInviteBatches,
  surveyQuestions,
  surveys,
  users,
} from "#db/schema";
import { type Db, type DbOrTx, parsedRows } from "#db/client";
import { INVITE_KINDS, INVITE_TRIGGERS, type InviteKind, type InviteTrigger } from "#db/constants";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { startPeriodic } from "~/lib/periodic";
import { hashToken, hmac, safeEqual } from "../auth/tokens.server";
import type { Ctx } from "../context";
import { idRow, numeric } from "~/lib/rows";
import { enqueueMany, headerLine, type MailMessage, nudgeMailSender } from "../mail/mail.server";
import { setSurveyMailOptOutOf } from "../user/writes.server";
import { SUPPRESS_BELOW } from "./outcome-keys";
import { cohortCondition, type Cohort } from "./cohort.server";
import { INVITE_MSG, REMINDER_GAP_MINUTES } from "./invitations.rules";

// ─── Configuration and messages ─────────────────────────────────────────────────────────────────

/** What the mails are built with; the doors hand it in (models never read the environment). */
export interface InviteMailConfig {
  publicUrl: string;
  /** Signs the unsubscribe links (SESSION_SECRET). */
  secret: string;
  collegeName: string;
}

export { INVITE_MSG, REMINDER_GAP_MINUTES };

// ─── Tokens and links ───────────────────────────────────────────────────────────────────────────

/** A personal link token: 256 random bits, URL-safe. Only its SHA-256 is stored. */
const TOKEN_BYTES = 32;

/** The personal link of an invitation. */
export function inviteUrl(cfg: Pick<InviteMailConfig, "publicUrl">, surveyId: string, token = "") {
  return `${cfg.publicUrl}/surveys/${surveyId}?invite=${token}`;
}

/** The signature of a person's survey-mail unsubscribe link (an HMAC of the user id, no state). */
export function surveyUnsubscribeToken(secret: string, userId: string): string {
  return hmac(secret, `survey-mail-unsubscribe:${userId}`).slice(0, 43);
}

/** The person a signed link names and whether they already opted out, or NotFound. */
export async function personForSurveyUnsubscribe(
  db: Db,
  secret: string,
  userId: unknown,
  token: unknown,
): Promise<{ id: string; optedOut: boolean }> {
  if (
    !isUuid(userId) ||
    typeof token !== "string" ||
    !safeEqual(token, surveyUnsubscribeToken(secret, userId))
  )
    throw new NotFound(INVITE_MSG.badLink);
  const [row] = await db
    .select({ id: users.id, optOutAt: users.surveyMailOptOutAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new NotFound(INVITE_MSG.badLink);
  return { id: row.id, optedOut: row.optOutAt !== null };
}

/** Opts the person a signed link names out of survey mail (idempotent: the first date stays). */
export async function unsubscribeSurveyMail(
  db: Db,
  secret: string,
  userId: unknown,
  token: unknown,
): Promise<{ id: string }> {
  const p = await personForSurveyUnsubscribe(db, secret, userId, token);
  await setSurveyMailOptOut(db, p.id, true);
  return { id: p.id };
}

/** Sets or clears a person's survey-mail opt-out (the unsubscribe link, /profile). */
export async function setSurveyMailOptOut(db: DbOrTx, userId: string, optOut: boolean) {
  await setSurveyMailOptOutOf(db, userId, optOut);
}

/** Whether the signed-in student or alumnus receives survey mail (/profile). */
export async function surveyMailEnabled(ctx: Ctx): Promise<boolean> {
  if (!ctx.actor) throw new Forbidden(INVITE_MSG.forbidden);
  const [row] = await ctx.db
    .select({ optOutAt: users.surveyMailOptOutAt })
    .from(users)
    .where(eq(users.id, ctx.actor.id));
  return !!row && row.optOutAt === null;
}

/** The signed-in person's own 'E-mail me survey invitations' setting (/profile). */
export async function setSurveyMail(ctx: Ctx, on: boolean): Promise<void> {
  if (!ctx.actor || ctx.actor.role === "admin") throw new Forbidden(INVITE_MSG.forbidden);
  await setSurveyMailOptOut(ctx.db, ctx.actor.id, !on);
}

/**
 * Records that an invitation link was opened: only when the token is the newest one mailed to this
 * very person for this survey. Anything else (an old, unknown or someone else's token) is ignored —
 * the token signs no one in and reveals nothing.
 */
export async function recordInviteOpened(
  db: Db,
  surveyId: string,
  userId: string,
  token: unknown,
): Promise<boolean> {
  if (!isUuid(surveyId) || typeof token !== "string" || !token || token.length > 200) return false;
  const r = await db
    .update(surveyInvitations)
    .set({ openedAt: sql`coalesce(${surveyInvitations.openedAt}, now())` })
    .where(
      and(
        eq(surveyInvitations.surveyId, surveyId),
        eq(surveyInvitations.userId, userId),
        eq(surveyInvitations.tokenHash, hashToken(token)),
      ),
    )
    .returning({ userId: surveyInvitations.userId });
  return r.length > 0;
}

// ─── The survey ─────────────────────────────────────────────────────────────────────────────────

interface SurveyForMail extends Cohort {
  id: string;
  title: string;
  description: string | null;
  status: string;
  questions: number;
  remindEveryDays: number | null;
  remindMax: number | null;
  anonymous: boolean;
}

async function surveyForMail(db: DbOrTx, id: string): Promise<SurveyForMail> {
  if (!isUuid(id)) throw new NotFound(INVITE_MSG.notFound);
  const [s] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      status: surveys.status,
      audience: surveys.audience,
      courseIds: surveys.courseIds,
      graduationYears: surveys.graduationYears,
      remindEveryDays: surveys.remindEveryDays,
      remindMax: surveys.remindMax,
      anonymous: surveys.anonymous,
      questions: sql`(select count(*)::int from ${surveyQuestions}
                      where ${surveyQuestions.surveyId} = ${surveys.id}
                        and ${surveyQuestions.archivedAt} is null)`.mapWith(Number),
    })
    .from(surveys)
    .where(eq(surveys.id, id));
  if (!s) throw new NotFound(INVITE_MSG.notFound);
  return s;
}

// ─── The mail ───────────────────────────────────────────────────────────────────────────────────

/** Minutes a survey takes, roughly: half a minute a question, at least two. */
export const estimatedMinutes = (questions: number) => Math.max(2, Math.ceil(questions / 2));

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Placeholders the SQL fills per person (the rest of a batch's mail is the same for everyone). */
const NAME = "{{first_name}}";
const HTML_NAME = "{{first_name_html}}";
const LINK = "{{invite_link}}";
const UNSUB = "{{unsubscribe_link}}";

/** The subject, text and HTML of a batch's mail, with the per-person placeholders above. */
export function inviteMailTemplate(
  s: Pick<SurveyForMail, "title" | "description" | "questions">,
  kind: InviteKind,
  cfg: InviteMailConfig,
) {
  const minutes = estimatedMinutes(s.questions);
  const college = headerLine(cfg.collegeName);
  const subject =
    kind === "reminder"
      ? `Reminder: ${college} asks for your answers — “${headerLine(s.title)}”`
      : `${college} invites you to a survey: “${headerLine(s.title)}”`;
  const why =
    `Your answers tell ${college} where its graduates go and how well its programmes prepare them: ` +
    "they are used for accreditation and to improve the programmes for the students who follow you.";
  const opening =
    kind === "reminder"
      ? `${college} is still waiting for your answers to the survey “${s.title}”.`
      : `${college} invites you to answer the survey “${s.title}”.`;
  const text = [
    `Hello ${NAME},`,
    "",
    opening,
    ...(s.description ? ["", s.description] : []),
    "",
    why,
    `It takes about ${minutes} minutes.`,
    "",
    `Answer the survey: ${LINK}`,
    "(You will be asked to sign in to Runway first if you are not signed in.)",
    "",
    `Stop receiving survey invitations and reminders: ${UNSUB}`,
    "",
    `— ${college}, via Runway`,
  ].join("\n");
  const html = [
    `<p>Hello ${HTML_NAME},</p>`,
    `<p>${esc(opening)}</p>`,
    s.description ? `<p>${esc(s.description)}</p>` : "",
    `<p>${esc(why)} It takes about ${minutes} minutes.</p>`,
    `<p><a href="${LINK}">Answer the survey</a></p>`,
    `<p style="font-size:small;color:#555">You will be asked to sign in to Runway first if you are not signed in.<br>`,
    `<a href="${UNSUB}">Stop receiving survey invitations and reminders</a></p>`,
    `<p>— ${esc(college)}, via Runway</p>`,
  ].join("\n");
  return { subject, text, html };
}

/** A person a batch mails: their id and the tokens made for them in bulk. */
interface MailTarget {
  u: string;
  /** The raw link token (only in the message body). */
  t: string;
  /** Its SHA-256 (survey_invitations.token_hash). */
  h: string;
  /** The unsubscribe link's signature. */
  s: string;
}

function targetsFor(ids: string[], secret: string): MailTarget[] {
  // One call to the CSPRNG for the whole batch: five times faster than one per token.
  const random = randomBytes(TOKEN_BYTES * ids.length);
  return ids.map((u, i) => {
    const t = random.subarray(i * TOKEN_BYTES, (i + 1) * TOKEN_BYTES).toString("base64url");
    return { u, t, h: hashToken(t), s: surveyUnsubscribeToken(secret, u) };
  });
}

/** A person a batch writes an invitation for, with what their mail needs. */
const inviteeRow = z.object({
  u: z.string(),
  t: z.string(),
  s: z.string(),
  first_name: z.string(),
  to: z.string(),
});
type Invitee = z.infer<typeof inviteeRow>;

/**
 * The messages of a batch: the template with each person's name, link and unsubscribe link put in
 * (in this order, each placeholder replaced everywhere), the HTML with the name escaped.
 */
function inviteMessages(
  survey: SurveyForMail,
  kind: InviteKind,
  cfg: InviteMailConfig,
  people: Invitee[],
): MailMessage[] {
  const m = inviteMailTemplate(survey, kind, cfg);
  const fill = (tpl: string, name: string, link: string, unsub: string) =>
    tpl.split(NAME).join(name).split(LINK).join(link).split(UNSUB).join(unsub);
  return people.map((p) => {
    const link = inviteUrl(cfg, survey.id, p.t);
    const unsub = `${cfg.publicUrl}/surveys/unsubscribe?user=${p.u}&token=${p.s}`;
    return {
      to: p.to,
      subject: m.subject,
      text: fill(m.text, p.first_name, link, unsub),
      html: fill(m.html, p.first_name, link, unsub.replace(/&/g, "&amp;"))
        .split(HTML_NAME)
        .join(esc(p.first_name)),
      template: kind === "reminder" ? "survey_reminder" : "survey_invitation",
      notice: `survey ${kind}: ${link}`,
      headers: {
        "List-Unsubscribe": `<${unsub}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": `Runway survey invitations <${survey.id}.surveys.runway>`,
      },
    };
  });
}

// ─── Batches ────────────────────────────────────────────────────────────────────────────────────

export interface SendOptions {
  reminder?: boolean;
  dryRun?: boolean;
  trigger?: InviteTrigger;
  config: InviteMailConfig;
}

export interface BatchCounts {
  kind: InviteKind;
  /** People the batch is for: the cohort (invitation) or its non-responders (reminder). */
  targeted: number;
  /** Messages queued (or, in a dry run, that would be). */
  queued: number;
  /** Targeted people who opted out of survey mail. */
  optedOut: number;
  /** Targeted people skipped: already invited (invitation) or mailed too recently (reminder). */
  skipped: number;
}

export interface BatchRecord {
  id: string;
  surveyId: string;
  kind: InviteKind;
  trigger: InviteTrigger;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  targeted: number;
  queued: number;
  sent: number;
  failed: number;
  pending: number;
  /** Never sent: still queued when older than MAIL_MAX_AGE (a restored backup). */
  expired: number;
}

export type SendResult =
  | ({ dryRun: true; surveyId: string } & BatchCounts)
  | ({ dryRun: false; surveyId: string; batch: BatchRecord | null } & BatchCounts);

/** Who may start a batch: an admin; the CLI and the schedule act with no actor (their door vouches). */
function starter(ctx: Ctx, trigger: InviteTrigger): string | null {
  if (ctx.actor) {
    if (ctx.actor.role !== "admin") throw new Forbidden(INVITE_MSG.forbidden);
    return ctx.actor.id;
  }
  if (trigger === "admin") throw new Forbidden(INVITE_MSG.forbidden);
  return null;
}

interface Rule {
  kind: InviteKind;
  /** Reminders: skip those mailed within this many minutes. */
  gapMinutes: number;
  /** Reminders: at most this many (the schedule's K); null = no limit. */
  max: number | null;
  /** Reminders: only people already invited (the schedule). */
  invitedOnly: boolean;
}

/** Whether an invitation row `i` (left-joined, maybe null) may be mailed under `rule`. */
function dueSql(rule: Rule): SQL {
  if (rule.kind === "invitation") return sql`i.user_id is null`;
  const recent = sql`i.last_sent_at <= now() - make_interval(mins => ${rule.gapMinutes})`;
  const under = rule.max === null ? sql`true` : sql`i.reminders_sent < ${rule.max}`;
  return rule.invitedOnly
    ? sql`(i.user_id is not null and ${recent} and ${under})`
    : sql`(i.user_id is null or (${recent} and ${under}))`;
}

/** Counts of the cohort for a batch, and the ids it would mail now. */
async function candidates(db: DbOrTx, s: SurveyForMail, rule: Rule, ids: boolean) {
  const from = sql`from users u
    left join survey_invitations i on i.survey_id = ${s.id} and i.user_id = u.id
    where ${cohortCondition(s, "u")}
      ${
        rule.kind === "reminder"
          ? sql`and not exists (select 1 from survey_respondents r
                                where r.survey_id = ${s.id} and r.user_id = u.id)`
          : sql``
      }`;
  const mailable = sql`u.survey_mail_opt_out_at is null
    and not exists (select 1 from survey_respondents r where r.survey_id = ${s.id} and r.user_id = u.id)
    and ${dueSql(rule)}`;
  const [c] = await parsedRows(
    db,
    z.object({ targeted: numeric, opted_out: numeric, mailable: numeric }),
    sql`select count(*)::int as targeted,
               count(*) filter (where u.survey_mail_opt_out_at is not null)::int as opted_out,
               count(*) filter (where ${mailable})::int as mailable
        ${from}`,
  );
  const list = ids
    ? (await parsedRows(db, idRow, sql`select u.id ${from} and ${mailable} order by u.id`)).map(
        (r) => r.id,
      )
    : [];
  return { targeted: c.targeted, optedOut: c.opted_out, mailable: c.mailable, ids: list };
}

/**
 * Writes a batch in the caller's transaction: the batch row, the invitations (inserted, or for
 * reminders updated under the rule, re-checked on the locked rows) and their outbox messages.
 * Returns the batch id and how many were queued.
 */
async function writeBatch(
  tx: DbOrTx,
  s: SurveyForMail,
  rule: Rule,
  ids: string[],
  meta: { trigger: InviteTrigger; by: string | null; targeted: number; config: InviteMailConfig },
): Promise<{ batchId: string; queued: number }> {
  const [b] = await tx
    .insert(surveyInviteBatches)
    .values({
      surveyId: s.id,
      kind: rule.kind,
      trigger: meta.trigger,
      createdBy: meta.by,
      targeted: meta.targeted,
    })
    .returning({ id: surveyInviteBatches.id });
  const json = JSON.stringify(targetsFor(ids, meta.config.secret));
  const x = sql`x as (select * from jsonb_to_recordset(${json}::jsonb) as x(u uuid, t text, h text, s text))`;
  const inserted = sql`insert into survey_invitations (survey_id, user_id, token_hash)
      select ${s.id}::uuid, x.u, x.h from x
      ${rule.invitedOnly ? sql`where false` : sql``}
      on conflict (survey_id, user_id) do nothing
      returning user_id`;
  const updated = sql`update survey_invitations i
      set token_hash = x.h, last_sent_at = now(), reminders_sent = i.reminders_sent + 1
      from x
      where i.survey_id = ${s.id} and i.user_id = x.u and ${dueSql({ ...rule, invitedOnly: true })}
      returning i.user_id`;
  const written =
    rule.kind === "invitation"
      ? sql`ins as (${inserted})`
      : sql`ins as (${inserted}), upd as (${updated})`;
  const all =
    rule.kind === "invitation"
      ? sql`select user_id from ins`
      : sql`select user_id from ins union all select user_id from upd`;
  const people = await parsedRows(
    tx,
    inviteeRow,
    sql`with ${x}, ${written}
        select x.u, x.t, x.s, u.first_name,
               case when u.mail_to_personal and u.personal_email is not null
                    then u.personal_email else u.email end as "to"
        from x join (${all}) w on w.user_id = x.u join users u on u.id = x.u`,
  );
  const queued = await enqueueMany(tx, inviteMessages(s, rule.kind, meta.config, people), {
    batchId: b.id,
  });
  await tx.update(surveyInviteBatches).set({ queued }).where(eq(surveyInviteBatches.id, b.id));
  return { batchId: b.id, queued };
}

/**
 * Sends an invitation (everyone the survey targets, not opted out, not yet invited, not yet
 * answered) or a reminder (the targeted who have not answered, not opted out, not mailed in the
 * last REMINDER_GAP_MINUTES) through the outbox. Only an active survey (409 otherwise). A dry run
 * counts and writes nothing.
 */
export async function sendInvitations(
  ctx: Ctx,
  surveyId: string,
  opts: SendOptions,
): Promise<SendResult> {
  const trigger = opts.trigger ?? "admin";
  const by = starter(ctx, trigger);
  const rule: Rule = {
    kind: opts.reminder ? "reminder" : "invitation",
    gapMinutes: REMINDER_GAP_MINUTES,
    max: null,
    invitedOnly: false,
  };
  const survey = await surveyForMail(ctx.db, surveyId);
  if (survey.status !== "active") throw new Conflict(INVITE_MSG.notActive);
  const counts = (targeted: number, queued: number, optedOut: number): BatchCounts => {
    const skipped = targeted - optedOut - queued;
    return { kind: rule.kind, targeted, queued, optedOut, skipped };
  };
  if (opts.dryRun) {
    const c = await candidates(ctx.db, survey, rule, false);
    return { dryRun: true, surveyId: survey.id, ...counts(c.targeted, c.mailable, c.optedOut) };
  }
  const r = await ctx.db.transaction(async (tx) => {
    // Read again inside: a survey closed meanwhile is not mailed.
    const s = await surveyForMail(tx, surveyId);
    if (s.status !== "active") throw new Conflict(INVITE_MSG.notActive);
    const c = await candidates(tx, s, rule, true);
    const w = await writeBatch(tx, s, rule, c.ids, {
      trigger,
      by,
      targeted: c.targeted,
      config: opts.config,
    });
    return { ...c, ...w };
  });
  nudgeMailSender();
  const [batch] = await listInviteBatches(ctx.db, survey.id, r.batchId);
  const batchCounts = counts(r.targeted, r.queued, r.optedOut);
  return { dryRun: false, surveyId: survey.id, ...batchCounts, batch: batch ?? null };
}

/** Batches of a survey, newest first, with sent / failed / pending counted from the outbox. */
export async function listInviteBatches(
  db: DbOrTx,
  surveyId: string,
  onlyId?: string,
): Promise<BatchRecord[]> {
  const rows = await parsedRows(
    db,
    z.object({
      id: z.string(),
      survey_id: z.string(),
      kind: z.enum(INVITE_KINDS),
      trigger: z.enum(INVITE_TRIGGERS),
      created_at: z.coerce.date(),
      created_by: z.string().nullable(),
      by_name: z.string().nullable(),
      targeted: numeric,
      queued: numeric,
      sent: numeric,
      failed: numeric,
      pending: numeric,
      expired: numeric,
    }),
    sql`select b.id, b.survey_id, b.kind, b.trigger, b.created_at, b.created_by,
               nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as by_name,
               b.targeted, b.queued,
               coalesce(m.sent, 0)::int as sent, coalesce(m.failed, 0)::int as failed,
               coalesce(m.pending, 0)::int as pending, coalesce(m.expired, 0)::int as expired
        from survey_invite_batches b
        left join users a on a.id = b.created_by
        left join lateral (
          select count(*) filter (where o.status = 'sent') as sent,
                 count(*) filter (where o.status = 'failed') as failed,
                 count(*) filter (where o.status = 'pending') as pending,
                 count(*) filter (where o.status = 'expired') as expired
          from mail_outbox o where o.batch_id = b.id) m on true
        where b.survey_id = ${surveyId} ${onlyId ? sql`and b.id = ${onlyId}` : sql``}
        order by b.created_at desc, b.id desc`,
  );
  // The counts (targeted … expired) stay in the schema's order.
  return rows.map(
    ({ id, survey_id, kind, trigger, created_at, created_by, by_name, ...counts }) => ({
      id,
      surveyId: survey_id,
      kind,
      trigger,
      createdAt: created_at.toISOString(),
      createdBy: created_by ? { id: created_by, name: by_name ?? "" } : null,
      ...counts,
    }),
  );
}

/** Admin: the batches of a survey (404 for an unknown survey). */
export async function getInviteBatches(ctx: Ctx, surveyId: string): Promise<BatchRecord[]> {
  if (ctx.actor?.role !== "admin") throw new Forbidden(INVITE_MSG.forbidden);
  const s = await surveyForMail(ctx.db, surveyId);
  return listInviteBatches(ctx.db, s.id);
}

// ─── The schedule ───────────────────────────────────────────────────────────────────────────────

export interface ScheduleResult {
  /** Surveys with a schedule looked at. */
  surveys: number;
  /** Reminder batches recorded (those that queued at least one message). */
  batches: number;
  queued: number;
}

/**
 * One pass of the reminder schedule: for each active survey with 'remind every N days, at most K
 * times', reminds the invited non-responders last mailed N days ago or more with fewer than K
 * reminders. Safe from several instances at once: the conditional UPDATE hands each person to one
 * of them, and a batch that queued nothing (another instance took everyone) is not recorded.
 */
export async function runReminderSchedule(
  db: Db,
  opts: { config: InviteMailConfig; shouldStop?: () => boolean },
): Promise<ScheduleResult> {
  const out: ScheduleResult = { surveys: 0, batches: 0, queued: 0 };
  const due = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(
      and(
        eq(surveys.status, "active"),
        isNotNull(surveys.remindEveryDays),
        isNotNull(surveys.remindMax),
      ),
    )
    .orderBy(asc(surveys.id));
  for (const { id } of due) {
    if (opts.shouldStop?.()) break;
    out.surveys++;
    const queued = await db.transaction(async (tx) => {
      const s = await surveyForMail(tx, id);
      if (s.status !== "active" || !s.remindEveryDays || !s.remindMax) return 0;
      const rule: Rule = {
        kind: "reminder",
        gapMinutes: s.remindEveryDays * 24 * 60,
        max: s.remindMax,
        invitedOnly: true,
      };
      const c = await candidates(tx, s, rule, true);
      if (!c.ids.length) return 0;
      const w = await writeBatch(tx, s, rule, c.ids, {
        trigger: "schedule",
        by: null,
        targeted: c.targeted,
        config: opts.config,
      });
      if (!w.queued)
        await tx.execute(sql`delete from survey_invite_batches where id = ${w.batchId}`);
      return w.queued;
    });
    if (queued) {
      out.batches++;
      out.queued += queued;
    }
  }
  if (out.queued) nudgeMailSender();
  return out;
}

/** How often the server's timer looks for due reminders. */
export const REMINDER_TICK_MS = 15 * 60_000;

/** Runs the reminder schedule on a timer in this process (no cron), like the job alerts. */
export function startReminderWorker(
  getDb: () => Promise<Db>,
  opts: { intervalMs?: number; log?: (line: string) => void; config: () => InviteMailConfig },
): () => Promise<void> {
  return startPeriodic(
    "survey-reminders",
    async (stopped) => {
      const r = await runReminderSchedule(await getDb(), {
        config: opts.config(),
        shouldStop: stopped,
      });
      return r.queued ? `${r.queued} reminder(s) queued in ${r.batches} batch(es)` : null;
    },
    { intervalMs: opts.intervalMs ?? REMINDER_TICK_MS, firstAfterMs: 60_000, log: opts.log },
  );
}

// ─── Progress ───────────────────────────────────────────────────────────────────────────────────

export interface RateRow {
  targeted: number;
  invited: number;
  opened: number;
  answered: number;
  /** answered / targeted (0–1, four decimals), null when nobody is targeted. */
  responseRate: number | null;
  /**
   * Responses that answer the question keyed `employment_status`. Null (with `knownSuppressed`) for a
   * programme or year of an anonymous survey with 1–4 such responses: counted from the answers, a
   * small count would tell which respondents answered it (the outcomes' small-group rule).
   */
  known: number | null;
  /** known / targeted (0–1), null when nobody is targeted or the count is suppressed. */
  knowledgeRate: number | null;
  knownSuppressed?: true;
}

export interface SurveyProgress extends RateRow {
  surveyId: string;
  title: string;
  status: string;
  /** Whether the survey has a live question keyed `employment_status` (else known is 0). */
  hasEmploymentQuestion: boolean;
  byCourse: Array<RateRow & { courseId: string | null; course: string }>;
  byGraduationYear: Array<RateRow & { graduationYear: number | null }>;
  computedAt: string;
}

const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);

type Counts = Pick<RateRow, "targeted" | "invited" | "opened" | "answered"> & { known: number };

function rateRow({ targeted, invited, opened, answered, known }: Counts): RateRow {
  const [responseRate, knowledgeRate] = [rate(answered, targeted), rate(known, targeted)];
  return { targeted, invited, opened, answered, responseRate, known, knowledgeRate };
}

/**
 * The response rates of a survey: over the people it targets now (the cohort rule), how many were
 * invited, opened a link and answered — overall, by programme and by graduation year — and the
 * knowledge rate (responses whose employment status is known, over the targeted). Answers are
 * grouped by the cohort copied onto each response, so anonymous surveys count the same way.
 */
export async function surveyProgress(ctx: Ctx, surveyId: string): Promise<SurveyProgress> {
  if (ctx.actor?.role !== "admin") throw new Forbidden(INVITE_MSG.forbidden);
  return computeProgress(ctx.db, surveyId);
}

/** surveyProgress without the actor check (the bench, the CLI). */
export async function computeProgress(db: DbOrTx, surveyId: string): Promise<SurveyProgress> {
  const s = await surveyForMail(db, surveyId);
  const [employment] = await db
    .select({ id: surveyQuestions.id })
    .from(surveyQuestions)
    .where(
      and(
        eq(surveyQuestions.surveyId, s.id),
        eq(surveyQuestions.key, "employment_status"),
        isNull(surveyQuestions.archivedAt),
      ),
    )
    .limit(1);
  const qid = employment?.id ?? null;
  const rows = await parsedRows(
    db,
    z.object({
      dim: z.enum(["c", "y", "all"]),
      course_id: z.string().nullable(),
      course: z.string().nullable(),
      graduation_year: z.coerce.number().nullable(),
      targeted: numeric,
      invited: numeric,
      opened: numeric,
      answered: numeric,
      known: numeric,
    }),
    sql`with t as materialized (
          select u.course_id, u.graduation_year,
                 (i.user_id is not null) as invited, (i.opened_at is not null) as opened,
                 (r.user_id is not null) as answered
          from users u
          left join survey_invitations i on i.survey_id = ${s.id} and i.user_id = u.id
          left join survey_respondents r on r.survey_id = ${s.id} and r.user_id = u.id
          where ${cohortCondition(s, "u")}
        ),
        k as materialized (
          select sr.course_id, sr.graduation_year from survey_responses sr
          where sr.survey_id = ${s.id} and ${
            qid
              ? sql`exists (select 1 from survey_answers a where a.response_id = sr.id
                              and a.question_id = ${qid}
                              and a.value not in ('""'::jsonb, '[]'::jsonb, 'null'::jsonb))`
              : sql`false`
          }
        ),
        tg as (
          select grouping(course_id) as gc, grouping(graduation_year) as gy, course_id, graduation_year,
                 count(*)::int as targeted, count(*) filter (where invited)::int as invited,
                 count(*) filter (where opened)::int as opened,
                 count(*) filter (where answered)::int as answered
          from t group by grouping sets ((), (course_id), (graduation_year))
        ),
        kg as (
          select grouping(course_id) as gc, grouping(graduation_year) as gy, course_id, graduation_year,
                 count(*)::int as known
          from k group by grouping sets ((), (course_id), (graduation_year))
        )
        select case when coalesce(tg.gc, kg.gc) = 1 and coalesce(tg.gy, kg.gy) = 1 then 'all'
                    when coalesce(tg.gc, kg.gc) = 0 then 'c' else 'y' end as dim,
               coalesce(tg.course_id, kg.course_id) as course_id, c.name as course,
               coalesce(tg.graduation_year, kg.graduation_year) as graduation_year,
               coalesce(tg.targeted, 0) as targeted, coalesce(tg.invited, 0) as invited,
               coalesce(tg.opened, 0) as opened, coalesce(tg.answered, 0) as answered,
               coalesce(kg.known, 0) as known
        from tg full join kg on tg.gc = kg.gc and tg.gy = kg.gy
          and tg.course_id is not distinct from kg.course_id
          and tg.graduation_year is not distinct from kg.graduation_year
        left join courses c on c.id = coalesce(tg.course_id, kg.course_id)
        order by dim, c.name nulls last, graduation_year nulls last`,
  );
  const all = rows.find((r) => r.dim === "all");
  // A programme's or a year's count of known statuses, withheld in anonymous mode when small.
  const groupRow = (r: (typeof rows)[number]): RateRow => {
    const row = rateRow(r);
    return s.anonymous && r.known > 0 && r.known < SUPPRESS_BELOW
      ? { ...row, known: null, knowledgeRate: null, knownSuppressed: true }
      : row;
  };
  return {
    surveyId: s.id,
    title: s.title,
    status: s.status,
    hasEmploymentQuestion: !!qid,
    ...rateRow(all ?? { targeted: 0, invited: 0, opened: 0, answered: 0, known: 0 }),
    byCourse: rows
      .filter((r) => r.dim === "c")
      .map((r) => ({ courseId: r.course_id, course: r.course ?? "No programme", ...groupRow(r) })),
    byGraduationYear: rows
      .filter((r) => r.dim === "y")
      .map((r) => ({ graduationYear: r.graduation_year, ...groupRow(r) })),
    computedAt: new Date().toISOString(),
  };
}
