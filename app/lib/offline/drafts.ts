/**
 * Survey drafts and the submission outbox on the device (IndexedDB through idb-keyval). Shared by the
 * survey answering screen and the service worker (app/sw/worker.ts): one record per user and survey,
 * keyed `{userId}:{surveyId}`, holding the form's fields, when they were saved, the idempotency key
 * made once for this draft and, once submitted without a network, the queued answers.
 *
 * Nothing here is sent anywhere but Runway's own /api, and only for the user who is signed in on the
 * page that asks (the cookie decides who the server thinks it is, so a draft of another user is never
 * sent under this one's session).
 */
import { createStore, del, entries, get, set, type UseStore } from "idb-keyval";

export interface QueuedSubmission {
  /** The body of POST /api/surveys/{id}/responses. */
  payload: { answers: unknown[] };
  queuedAt: number;
}

export interface SurveyDraft {
  userId: string;
  surveyId: string;
  /** The form's fields in order, as FormData holds them. */
  fields: Array<[string, string]>;
  savedAt: number;
  /** The `Idempotency-Key` of this draft's submission, made once when the draft is first saved. */
  key: string;
  queued?: QueuedSubmission | null;
  /** Why the server refused the last submission (kept until the person changes the answers). */
  refused?: { message: string; errors?: Record<string, string[]> } | null;
}

let store: UseStore | null = null;
/** The database `runway-offline`, object store `drafts` (opened on first use, in the browser only). */
function drafts(): UseStore {
  store ??= createStore("runway-offline", "drafts");
  return store;
}

export const draftKey = (userId: string, surveyId: string) => `${userId}:${surveyId}`;

export function getDraft(userId: string, surveyId: string): Promise<SurveyDraft | undefined> {
  return get<SurveyDraft>(draftKey(userId, surveyId), drafts());
}

export function putDraft(d: SurveyDraft): Promise<void> {
  return set(draftKey(d.userId, d.surveyId), d, drafts());
}

export function deleteDraft(userId: string, surveyId: string): Promise<void> {
  return del(draftKey(userId, surveyId), drafts());
}

/** Every draft on this device, of every user. */
export async function allDrafts(): Promise<SurveyDraft[]> {
  return (await entries<string, SurveyDraft>(drafts())).map(([, d]) => d);
}

/**
 * Removes the drafts of everyone but `keep` (null: of everyone): on signing out, and whenever a page
 * finds another person (or no one) signed in, so a shared browser never shows one person's answers
 * to the next.
 */
export async function removeDraftsExcept(keep: string | null): Promise<number> {
  let n = 0;
  for (const d of await allDrafts()) {
    if (d.userId === keep) continue;
    await deleteDraft(d.userId, d.surveyId);
    n++;
  }
  return n;
}

/** What became of one queued submission. */
export type SendOutcome =
  | { surveyId: string; kind: "sent" | "already" }
  /** Refused for a reason the person can fix: the draft stays, no longer queued. */
  | { surveyId: string; kind: "refused"; message: string; errors?: Record<string, string[]> }
  /** Not signed in (any more): stays queued until they sign in again. */
  | { surveyId: string; kind: "signin" }
  /** No network, or the server could not answer now: stays queued. */
  | { surveyId: string; kind: "offline" };

export const ALREADY_ANSWERED = "You have already answered this survey.";

/** Sends one queued draft to POST /api/surveys/{id}/responses under its idempotency key. */
export async function sendDraft(d: SurveyDraft, f: typeof fetch = fetch): Promise<SendOutcome> {
  const surveyId = d.surveyId;
  if (!d.queued) return { surveyId, kind: "offline" };
  let res: Response;
  try {
    res = await f(`/api/surveys/${encodeURIComponent(surveyId)}/responses`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Idempotency-Key": d.key },
      body: JSON.stringify(d.queued.payload),
    });
  } catch {
    return { surveyId, kind: "offline" };
  }
  const body = (await res.json().catch(() => ({}))) as {
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (res.ok) return { surveyId, kind: "sent" };
  if (res.status === 409 && body.message === ALREADY_ANSWERED) return { surveyId, kind: "already" };
  if (res.status === 401) return { surveyId, kind: "signin" };
  // 409 here is the same key still being handled (another tab); 408, 429 and 5xx pass with time.
  if (res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500)
    return { surveyId, kind: "offline" };
  return {
    surveyId,
    kind: "refused",
    message: body.message ?? "The survey could not take these answers.",
    errors: body.errors,
  };
}

/**
 * Sends every queued draft of `userId` (the person signed in on the asking page) and records the
 * outcome: sent or already answered → the draft is removed; refused → kept, unqueued, with the reason.
 */
export async function flushOutbox(userId: string, f: typeof fetch = fetch): Promise<SendOutcome[]> {
  const out: SendOutcome[] = [];
  for (const d of await allDrafts()) {
    if (d.userId !== userId || !d.queued) continue;
    const r = await sendDraft(d, f);
    out.push(r);
    if (r.kind === "sent" || r.kind === "already") await deleteDraft(d.userId, d.surveyId);
    else if (r.kind === "refused") {
      const now = await getDraft(d.userId, d.surveyId);
      // Changed meanwhile (answered again in a tab): that newer draft decides.
      if (now && now.savedAt === d.savedAt)
        await putDraft({
          ...now,
          queued: null,
          refused: { message: r.message, errors: r.errors },
        });
    }
  }
  return out;
}

/** The Background Sync tag of the outbox. */
export const OUTBOX_SYNC_TAG = "runway-survey-outbox";
