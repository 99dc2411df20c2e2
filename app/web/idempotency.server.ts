/**
 * Idempotency-Key for creates (ADR 072): the same key from the same user within 24 h
 * gets the first answer again instead of a second create. One helper serves /api (header) and the
 * screen forms (a hidden field per rendered form); the record lives in `idempotency_keys`, so it holds
 * across restarts and across replicas.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { idempotencyKeys } from "#db/schema";
import { redirectWithFlash } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** The hidden form field the create screens render. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
/** How long a key is remembered. */
export const KEY_TTL_HOURS = 24;

/** Letters, digits and `-_.:~+=/` (UUIDs, ULIDs, base64 all fit); 8–255 characters. */
const KEY_RE = /^[A-Za-z0-9\-_.:~+=/]{8,255}$/;
/** A first request holds its key this long; after that a retry may take the key over (crash). */
const LEASE_SECONDS = 60;
/** How long a concurrent duplicate waits for the first request before answering 409. */
const WAIT_MS = 5000;

export const IDEMPOTENCY_MSG = {
  badKey: "Idempotency-Key must be 8 to 255 characters: letters, digits and - _ . : ~ + = /",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is still in progress. Please retry shortly.",
} as const;

/** A refusal of the key itself: 400 bad key, 422 reused for another request, 409 still running. */
export class IdempotencyError extends Error {
  constructor(
    public status: 400 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = "IdempotencyError";
  }
  get headers(): Record<string, string> {
    return this.status === 409 ? { "Retry-After": "1" } : {};
  }
}

/**
 * Reads and checks a key value; null when absent or empty (the request is then handled as before). The IETF
 * draft sends it as a structured-field string, so one pair of surrounding quotes is accepted.
 */
export function parseIdempotencyKey(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  let v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
  // Proxies and frameworks drop empty header values anyway; an empty field is no key either.
  if (v === "") return null;
  if (!KEY_RE.test(v)) throw new IdempotencyError(400, IDEMPOTENCY_MSG.badKey);
  return v;
}

/** JSON with sorted keys, so `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same request. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(",")}}`;
}

const sha256 = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

/** Fingerprint of a JSON request: method, path (no query) and a hash of the parsed body. */
export function jsonFingerprint(request: Request, body: unknown): string {
  return `${request.method} ${new URL(request.url).pathname} ${sha256(canonical(body))}`;
}

/**
 * Fingerprint of a form post: method, path and a hash of the fields in order, the key field left
 * out. Files count by their bytes, not by the multipart boundary the browser picked this time.
 */
export async function formFingerprint(request: Request, form: FormData): Promise<string> {
  const h = createHash("sha256");
  for (const [name, value] of form.entries()) {
    if (name === IDEMPOTENCY_FIELD) continue;
    if (typeof value === "string") h.update(`${name.length}:${name}=${value.length}:${value}\n`);
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      h.update(`${name.length}:${name}=file:${value.type}:${bytes.length}:${sha256(bytes)}\n`);
    }
  }
  return `${request.method} ${new URL(request.url).pathname} ${h.digest("hex")}`;
}

/** Response headers worth replaying: the body's type, where a redirect goes, and notice cookies. */
function keptHeaders(res: Response, cookies: string[]): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const name of ["content-type", "location"]) {
    const v = res.headers.get(name);
    if (v !== null) kept.push([name, v]);
  }
  for (const c of res.headers.getSetCookie?.() ?? [])
    if (cookies.some((n) => c.startsWith(`${n}=`))) kept.push(["set-cookie", c]);
  return kept;
}

function replay(row: {
  status: number | null;
  responseHeaders: Array<[string, string]> | null;
  responseBody: string | null;
}) {
  const headers = new Headers();
  for (const [k, v] of row.responseHeaders ?? []) headers.append(k, v);
  headers.set(REPLAYED_HEADER, "true");
  const status = row.status ?? 200;
  const empty =
    status === 204 || status === 304 || (status >= 300 && status < 400 && !row.responseBody);
  return new Response(empty ? null : (row.responseBody ?? ""), { status, headers });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface IdempotentRequest {
  userId: string;
  key: string | null;
  fingerprint: string;
  /** Cookies (by name) whose Set-Cookie is part of the answer, e.g. the flash notice. */
  replayCookies?: string[];
}

/**
 * Runs `create` at most once per (user, key): the first request runs it and records a success
 * (status < 400); a retry with the same fingerprint gets that answer plus `Idempotent-Replayed: true`;
 * a concurrent one waits up to 5 s for it, then gets 409. Failures are not recorded, so a corrected
 * retry may reuse the key. Without a key, `create` simply runs.
 */
export async function idempotent<R extends Response>(
  db: Db,
  req: IdempotentRequest,
  create: () => Promise<R>,
): Promise<R> {
  if (!req.key) return create();
  const { userId, key, fingerprint } = req;
  const token = randomUUID();
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  const started = Date.now();
  let pause = 20;

  for (;;) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, lockToken: token, lockedUntil: lease })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) break;

    const [row] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        status: idempotencyKeys.status,
        responseHeaders: idempotencyKeys.responseHeaders,
        responseBody: idempotencyKeys.responseBody,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`,
        abandoned: sql<boolean>`${idempotencyKeys.lockedUntil} < now()`,
      })
      .from(idempotencyKeys)
      .where(where);
    if (!row) continue; // released or purged in between: try to claim it again

    // A key older than 24 h is forgotten even if housekeeping has not purged it yet.
    const takeOver = row.expired
      ? sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`
      : row.fingerprint !== fingerprint
        ? null
        : row.status === null && row.abandoned
          ? and(isNull(idempotencyKeys.status), sql`${idempotencyKeys.lockedUntil} < now()`)
          : null;
    if (takeOver) {
      const claimed = await db
        .update(idempotencyKeys)
        .set({
          fingerprint,
          status: null,
          responseHeaders: null,
          responseBody: null,
          lockToken: token,
          lockedUntil: lease,
          createdAt: sql`now()`,
        })
        .where(and(where, takeOver))
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) break;
      continue;
    }
    if (row.fingerprint !== fingerprint) throw new IdempotencyError(422, IDEMPOTENCY_MSG.reused);
    if (row.status !== null) return replay(row) as R;
    if (Date.now() - started >= WAIT_MS)
      throw new IdempotencyError(409, IDEMPOTENCY_MSG.inProgress);
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }

  const mine = and(where, eq(idempotencyKeys.lockToken, token));
  let res: R;
  try {
    res = await create();
  } catch (e) {
    await db
      .delete(idempotencyKeys)
      .where(mine)
      .catch(() => {});
    throw e;
  }
  if (res.status >= 400) {
    await db.delete(idempotencyKeys).where(mine);
    return res;
  }
  const body = await res.clone().text();
  await db
    .update(idempotencyKeys)
    .set({
      status: res.status,
      responseHeaders: keptHeaders(res, req.replayCookies ?? []),
      responseBody: body,
      lockToken: null,
      lockedUntil: null,
    })
    .where(mine);
  return res;
}

/** A fresh key for a rendered create form. */
export const newIdempotencyKey = (): string => randomUUID();

/** Housekeeping: forgets keys older than 24 h. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`);
}

/** What a screen says when its form's key is refused (the /api wording names a header). */
export const IDEMPOTENCY_FORM_MSG = {
  400: "This form could not be submitted. Please reload the page and try again.",
  422: "This form was already submitted with different values. Please reload the page to start a new one.",
  409: "This form is still being submitted. Please wait a moment, then check the list before trying again.",
} as const;

/**
 * A screen form's key: the `Idempotency-Key` header (a script posting the form, e.g. the survey
 * outbox) or else the hidden `idempotencyKey` field. A bad value throws IdempotencyError(400).
 */
export function formIdempotencyKey(request: Request, form: FormData): string | null {
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  if (header !== null && header.trim() !== "") return parseIdempotencyKey(header);
  const raw = form.get(IDEMPOTENCY_FIELD);
  return parseIdempotencyKey(typeof raw === "string" ? raw : raw ? "" : null);
}

/**
 * The screen side: a create form carries a fresh key in its hidden `idempotencyKey` field, so a
 * double click, a back-and-resubmit or a retried post answers as the first did (the same redirect
 * and notice) instead of creating twice. A refused key goes back to `back` with an error notice,
 * or is answered by `back(error)` (a form posted by a fetcher, which reads JSON).
 */
export async function idempotentForm<R extends Response, F extends Response = Response>(
  request: Request,
  userId: string,
  form: FormData,
  back: string | ((e: IdempotencyError) => F),
  create: () => Promise<R>,
): Promise<R | F | Response> {
  try {
    const key = formIdempotencyKey(request, form);
    return await idempotent(
      await getDb(),
      {
        userId,
        key,
        fingerprint: await formFingerprint(request, form),
        replayCookies: ["runway_flash"],
      },
      create,
    );
  } catch (e) {
    if (!(e instanceof IdempotencyError)) throw e;
    if (typeof back !== "string") return back(e);
    return redirectWithFlash(back, { kind: "error", message: IDEMPOTENCY_FORM_MSG[e.status] });
  }
}
