/**
 * The survey answering screen's device side, loaded after the page is shown (a chunk of its own,
 * precached by the service worker): every change saved as a draft within a second, the draft put
 * back on reopening, and a submission that finds no network queued on the phone and sent when the
 * connection returns — by this page on `online`, by the service worker on Background Sync or on the
 * next Runway page (drafts.ts). The screen (routes/surveys.$id.tsx) only shows what this reports.
 * Several tabs may hold the same queued draft (one record, one idempotency key): whichever sends it
 * first removes it, so a tab still showing "queued" learns the outcome from the sender (the worker's
 * message, or another tab's on OUTBOX_CHANNEL), and a tab that finds the draft gone without having
 * heard asks the server through `recheck` rather than keep promising to send it.
 * It imports nothing the pages share (no React, no survey rules: the screen hands in `payloadOf`), so
 * loading it later does not change how the other pages' code is split into files.
 */
import {
  deleteDraft,
  getDraft,
  OUTBOX_SYNC_TAG,
  putDraft,
  sendDraft,
  type SendOutcome,
  type SurveyDraft,
} from "./drafts";

/** What the screen shows about the device copy. */
export interface OfflineView {
  /** When the restored draft was saved (ms), or null when nothing was restored. */
  restoredAt?: number | null;
  /** Submitted with no network: waiting on the phone. */
  queued?: boolean;
  /** The server refused it for a reason the person can fix. */
  refused?: { message: string; errors?: Record<string, string[]> } | null;
  /** Sent (or found already answered): the draft is gone. */
  done?: "sent" | "already" | null;
}

export interface SurveyOffline {
  /** Call from the form's submit handler once the answers pass the checks; it sends or queues them. */
  submit(): Promise<void>;
  /** Forgets the draft (the screen then shows an empty form). */
  clear(): Promise<void>;
  detach(): void;
}

/** Saves happen this long after the last change (well within the second the screen promises). */
const SAVE_DELAY_MS = 300;
/** A send that found the server busy while online is tried again after 1, 2, 4, 8 and 16 s. */
const RETRY_FIRST_MS = 1000;
const RETRY_LIMIT = 5;
/** Where a tab that sent a queued draft tells the other tabs of this browser what became of it. */
const OUTBOX_CHANNEL = "runway-survey-outbox";

const newKey = () => crypto.randomUUID();

function fieldsOf(form: HTMLFormElement): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form))
    if (name.startsWith("q_") && typeof value === "string") out.push([name, value]);
  return out;
}

/** Puts saved values back, clicking radios and boxes so the form's own state (stars) follows. */
function restore(form: HTMLFormElement, fields: Array<[string, string]>) {
  const wanted = new Map<string, string[]>();
  for (const [n, v] of fields) wanted.set(n, [...(wanted.get(n) ?? []), v]);
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
    if (!el.name.startsWith("q_")) continue;
    const values = wanted.get(el.name) ?? [];
    if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
      if (values.includes(el.value) !== el.checked) el.click();
    } else el.value = values[0] ?? "";
  }
}

export function attachSurveyOffline(opts: {
  form: HTMLFormElement;
  userId: string;
  surveyId: string;
  /** The body of POST /api/surveys/{id}/responses for the form as it is. */
  payloadOf(form: HTMLFormElement): { answers: unknown[] };
  onView(v: OfflineView): void;
  /**
   * The queued answers left the phone without this page seeing them sent (another tab or the worker
   * sent them and heard nothing back here, or they were cleared): the screen asks the server again.
   */
  recheck?(): void;
}): SurveyOffline {
  const { form, userId, surveyId, payloadOf, onView, recheck } = opts;
  let key: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let restoring = false;
  let sending = false;
  /** This page shows the answers as queued on the phone (and so promises to send them). */
  let waiting = false;
  /** This page shows them sent or already answered: nothing it hears later changes that. */
  let settled = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retries = 0;
  const channel =
    typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  /** Moves on when the person signs out: a save begun before then does not write its draft. */
  let epoch = 0;

  async function save(extra: Partial<SurveyDraft> = {}): Promise<SurveyDraft> {
    const started = epoch;
    const before = await getDraft(userId, surveyId);
    key ??= before?.key ?? newKey();
    const d: SurveyDraft = {
      userId,
      surveyId,
      fields: fieldsOf(form),
      savedAt: Date.now(),
      key,
      queued: null,
      refused: null,
      ...extra,
    };
    if (started === epoch) await putDraft(d);
    return d;
  }

  function changed() {
    if (restoring) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void save().catch(() => {});
    }, SAVE_DELAY_MS);
  }

  function show(r: SendOutcome) {
    if (settled) return;
    if (r.kind === "sent" || r.kind === "already") {
      settled = true;
      waiting = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      onView({ done: r.kind, queued: false });
    } else if (r.kind === "refused") {
      waiting = false;
      onView({ queued: false, refused: { message: r.message, errors: r.errors } });
    } else {
      waiting = true;
      onView({ queued: true });
    }
  }

  async function send(d: SurveyDraft) {
    if (sending) return;
    sending = true;
    try {
      const r = await sendDraft(d);
      if (r.kind === "sent" || r.kind === "already") {
        // The other tabs holding this draft are about to find it gone: tell them what became of it.
        channel?.postMessage({ type: "outbox", userId, outcomes: [r] });
        await deleteDraft(userId, surveyId);
      } else if (r.kind === "refused")
        await putDraft({ ...d, queued: null, refused: { message: r.message, errors: r.errors } });
      else await askForSync();
      show(r);
      // Online, yet not sent (the server busy, or another tab's request with this key still being
      // handled): try again shortly instead of waiting for the browser's next sync.
      if (r.kind === "offline" && navigator.onLine) later();
    } finally {
      sending = false;
    }
  }

  function later() {
    if (retryTimer || retries >= RETRY_LIMIT) return;
    const wait = RETRY_FIRST_MS * 2 ** retries++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void resend().catch(() => {});
    }, wait);
  }

  async function askForSync() {
    const reg = (await navigator.serviceWorker?.getRegistration?.()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register(OUTBOX_SYNC_TAG).catch(() => {});
  }

  async function resend() {
    if (settled) return;
    const d = await getDraft(userId, surveyId);
    if (d?.queued) await send(d);
    else if (waiting && !sending && !settled) {
      // Shown as queued, but the phone holds it no more and no one said what became of it.
      waiting = false;
      onView({ queued: false });
      recheck?.();
    }
  }

  function onMessage(e: MessageEvent) {
    const m = e.data as { type?: string; userId?: string; outcomes?: SendOutcome[] };
    if (m?.type !== "outbox" || (m.userId !== undefined && m.userId !== userId)) return;
    for (const r of m.outcomes ?? []) if (r.surveyId === surveyId) show(r);
  }

  const online = () => void resend().catch(() => {});
  // Leaving the page (tab closed, app switched) with a save still pending: save now.
  const leaving = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    void save().catch(() => {});
  };
  // Signing out (the navigation's logout form; the worker then drops this person's drafts): a save
  // still waiting for its delay, or one reading the old draft, must not write the answers back
  // afterwards, and the draft goes from here too in case no worker controls this page.
  const signingOut = (e: Event) => {
    const f = e.target;
    if (!(f instanceof HTMLFormElement)) return;
    if (new URL(f.action, location.href).pathname !== "/logout") return;
    epoch++;
    if (timer) clearTimeout(timer);
    timer = null;
    void deleteDraft(userId, surveyId).catch(() => {});
  };
  // One list for attaching and for detach(), so that every listener added is taken off again.
  const listeners: Array<[EventTarget | undefined, string, EventListener, boolean?]> = [
    [window, "pagehide", leaving],
    [document, "submit", signingOut, true],
    [form, "input", changed],
    [form, "change", changed],
    [window, "online", online],
    [navigator.serviceWorker, "message", onMessage as EventListener],
  ];
  for (const [target, type, fn, capture] of listeners) target?.addEventListener(type, fn, capture);
  channel?.addEventListener("message", onMessage);

  void (async () => {
    const d = await getDraft(userId, surveyId);
    if (!d) return;
    key = d.key;
    restoring = true;
    try {
      restore(form, d.fields);
    } finally {
      restoring = false;
    }
    waiting = !!d.queued;
    onView({ restoredAt: d.savedAt, queued: !!d.queued, refused: d.refused ?? null });
    if (d.queued && navigator.onLine) await send(d);
  })().catch(() => {});

  return {
    async submit() {
      if (timer) clearTimeout(timer);
      retries = 0;
      const payload = payloadOf(form);
      const d = await save({ queued: { payload, queuedAt: Date.now() } });
      await send(d);
    },
    async clear() {
      if (timer) clearTimeout(timer);
      key = null;
      waiting = false;
      await deleteDraft(userId, surveyId);
      onView({ restoredAt: null, queued: false, refused: null });
    },
    detach() {
      if (timer) clearTimeout(timer);
      if (retryTimer) clearTimeout(retryTimer);
      channel?.close();
      for (const [target, type, fn, capture] of listeners)
        target?.removeEventListener(type, fn, capture);
    },
  };
}
