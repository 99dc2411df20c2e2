/**
 * Who is signed in, and guards with contract names: get* returns the user or null, require* throws
 * a redirect (screens). Every loader and action calls one of these itself (Remix runs
 * loaders in parallel, so a layout check protects nothing).
 */
import { redirect } from "@remix-run/node";
import type { Role } from "#db/constants";
import { deactivatedMessage } from "~/models/auth/auth.server";
import {
  createSession,
  endedSessionReason,
  resolveSession,
  revokeSession,
  type SessionUser,
} from "~/models/auth/session.server";
import { getDb } from "~/lib/db.server";
import { actorOf, employerCompanyId } from "~/models/context";
import { clientIp, clientKey } from "~/lib/request.server";
import { env } from "~/lib/env.server";
import { flashHeader, getSessionCookie, sessionCookieName, type Flash } from "~/lib/session.server";

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

async function sessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${sessionCookieName()}=`)) return null;
  const value = await getSessionCookie().parse(header);
  return typeof value === "string" ? value : null;
}

/** The signed-in user of this request (cookie session), or null. */
export function getUser(request: Request): Promise<SessionUser | null> {
  let p = cache.get(request);
  if (!p) {
    p = (async () => {
      const token = await sessionToken(request);
      if (!token) return null;
      const db = await getDb();
      const r = await resolveSession(db, token, "web", { idleSeconds: env().SESSION_IDLE_TIMEOUT });
      if (!r && (await endedSessionReason(db, token)) === "deactivated")
        throw await toldDeactivated();
      return r?.user ?? null;
    })();
    cache.set(request, p);
  }
  return p;
}

/**
 * The browser of a session ended by deactivation goes to /login with the same notice a right
 * password gets there, and its cookie is cleared in the same answer, so it is told once.
 */
async function toldDeactivated(): Promise<Response> {
  const headers = new Headers({
    "Set-Cookie": await getSessionCookie().serialize("", { maxAge: 0 }),
  });
  return redirectWithFlash(
    "/login",
    { kind: "error", message: deactivatedMessage(env().COLLEGE_INFO_EMAIL) },
    headers,
  );
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const next = url.pathname + url.search;
  throw redirect(next && next !== "/" ? `/login?redirectTo=${encodeURIComponent(next)}` : "/login");
}

/** Signed-in user or a redirect to /login (with redirectTo). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) loginRedirect(request);
  return user;
}

/** Where a signed-in user whose role a screen does not serve is sent: a path, or one per role. */
export type Elsewhere = string | ((role: Role) => string);

/**
 * A signed-in user with one of `roles`, or a redirect: guests to /login (with redirectTo), every
 * other role to `elsewhere` (default /dashboard). The college's own screens send employers to their
 * dashboard, `/employer`; the admin surveys send non-admins to `/`.
 */
export async function requireRole(
  request: Request,
  roles: readonly Role[],
  elsewhere: Elsewhere = "/dashboard",
): Promise<SessionUser> {
  const me = await requireUser(request);
  if (!roles.includes(me.role))
    throw redirect(typeof elsewhere === "string" ? elsewhere : elsewhere(me.role));
  return me;
}

/** The college's people: everyone but employers (the college's features are not theirs). */
export const COLLEGE_ROLES: readonly Role[] = ["student", "alumni", "admin", "coordinator"];

/** Employers to their own dashboard, everyone else to /dashboard. */
export const employerHome: Elsewhere = (role) => (role === "employer" ? "/employer" : "/dashboard");

/**
 * A signed-in employer acting for its company, or a redirect: guests to /login, every other role to
 * /dashboard, and an employer whose request to join its company is not approved to
 * /employer/waiting. The rule is the model's (`employerCompanyId`, behind `requireEmployer(ctx)`);
 * this is its screen door, which `screen("employer", …)` runs.
 */
export async function requireEmployer(
  request: Request,
): Promise<SessionUser & { companyId: string }> {
  const me = await requireRole(request, ["employer"]);
  const companyId = employerCompanyId(actorOf(me));
  if (!companyId) throw redirect("/employer/waiting");
  return { ...me, companyId };
}

/** Signed-out only (login, register, verify): signed-in users go to /dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/dashboard");
}

/** Starts a web session and returns the Set-Cookie header. */
export async function startSession(
  request: Request,
  userId: string,
  remember: boolean,
): Promise<string> {
  const { token } = await createSession(await getDb(), userId, "web", {
    remember,
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request),
  });
  // 'Remember me': a persistent cookie for 30 days; otherwise a browser-session cookie.
  return getSessionCookie().serialize(token, remember ? { maxAge: 30 * 86400 } : {});
}

/** Ends this request's session (row deleted) and returns the clearing Set-Cookie header. */
export async function endSession(request: Request): Promise<string> {
  const token = await sessionToken(request);
  if (token) await revokeSession(await getDb(), token);
  return getSessionCookie().serialize("", { maxAge: 0 });
}

/** A redirect that also carries a flash notice. */
export async function redirectWithFlash(to: string, flash: Flash | Flash[], headers?: HeadersInit) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { headers: h });
}

/** Longest redirect target we follow; longer values are refused rather than truncated. */
const REDIRECT_MAX = 2048;

/**
 * A redirect target from the request (?redirectTo=, a form's `back`) as a path on Runway, or
 * `fallback`. The value is resolved against PUBLIC_URL with the URL parser and kept only when its
 * origin is Runway's; control characters and backslashes are refused outright, because browsers
 * drop tab/CR/LF and read `\` as `/` (`/\t/evil.example` and `/\evil` become `//evil…`). The
 * answer is the parser's own path + query + hash, never the raw input, and never starts with `//`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || to.length > REDIRECT_MAX) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(env().PUBLIC_URL);
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

/**
 * remix-auth: the form strategy checks credentials through the model; sessions stay ours (rows).
 * remix-auth 4 returns the user and leaves the session to us; its form strategy reads the
 * request body itself, so a route that also parses the form reads a clone.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authenticate as checkCredentials } from "~/models/auth/auth.server";
import { authCtx } from "./config.server";
import { readDevices } from "./device-cookie.server";

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    return checkCredentials(await authCtx(), {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ip: clientKey(request),
      devices: await readDevices(request),
    });
  }),
  "form",
);
