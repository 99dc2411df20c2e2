/**
 * The screens' counterpart of `handleApi`: one wrapper for every loader and action of a page.
 *
 *   export function loader(args: LoaderFunctionArgs) {
 *     return screen("admin", async ({ request, ctx }) => json(await listX(ctx)))(args);
 *   }
 *
 * Always inside the exported function, never `export const loader = screen(...)`: a top-level
 * call stays in the browser bundle (Remix strips only the exports' bodies) and breaks the page;
 * tests/lint/route-exports.test.ts refuses it.
 *
 * It runs the guard (each loader and action runs its own: Remix runs loaders in parallel, so a
 * layout check protects nothing), builds the model context and maps a model's `DomainError` that
 * the route did not answer itself to a route error response with the error's status and message,
 * which the shared error boundary shows. A route answers a domain error its own way (a conform
 * reply, a redirect with a notice) by passing `onDomainError`; anything that is not a
 * `DomainError` is left to the error boundary and the server log — no screen turns a failure
 * into an empty list.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SessionUser } from "~/models/auth/session.server";
import { ctxOf, type Ctx, type SignedInCtx } from "~/models/context";
import { getDb } from "~/lib/db.server";
import { DomainError, ValidationError } from "~/lib/errors";
import { domainInit } from "~/lib/screen-errors.server";
import { log } from "~/lib/log.server";
import {
  COLLEGE_ROLES,
  employerHome,
  getUser,
  redirectWithFlash,
  requireAnonymous,
  requireEmployer,
  requireRole,
  requireUser,
} from "~/web/auth.server";
import { requireOjtStaff } from "~/web/ojt.server";

/**
 * Who may open a screen, and where the others go (guests always to /login):
 * - `none`: anyone, and the session is not read (signed links: the link is the authority);
 * - `public`: anyone (the context's actor is null for guests);
 * - `anonymous`: signed-out only, signed-in users to /dashboard;
 * - `user`: anyone signed in;
 * - `college`: everyone but employers, who go to /employer;
 * - `member`: students and alumni; employers to /employer, admins to /dashboard;
 * - `employer`: an employer acting for its company; other roles to /dashboard, a pending member
 *   to /employer/waiting;
 * - `employer-account`: any employer account, pending or not; other roles to /dashboard;
 * - `admin`: admins; others to /dashboard (`admin-or-home`: to /, the admin survey screens);
 * - `ojt-staff`: coordinators and admins; students to /ojt, employers to /employer, others to
 *   /dashboard (the handler builds its OJT context with `screenCtx(user)`).
 */
export type Guard =
  | "none"
  | "public"
  | "anonymous"
  | "user"
  | "college"
  | "member"
  | "employer"
  | "employer-account"
  | "admin"
  | "admin-or-home"
  | "ojt-staff";

type SignedIn = Exclude<Guard, "none" | "public" | "anonymous">;

/** How the screen answers a domain error from here on (set inside the handler). */
export interface DomainAnswer {
  /** A domain error answers with a redirect to `to` carrying its message as an error notice. */
  failTo(to: string): void;
  /** A domain error answers with `body(error)` as JSON, with the error's status and headers. */
  failJson(body: (e: DomainError) => unknown): void;
  /** A domain error answers with `answer(error)` (return undefined for the route error response). */
  onDomainError(answer: (e: DomainError) => unknown): void;
  /**
   * Any failure answers with `body(error)` as JSON: a domain error with its status, anything else
   * (logged) with `body(null)` and a 500 — for a form whose specified failure message stands in
   * for the error page ("Error in creating a new user").
   */
  failAny(body: (e: DomainError | null) => unknown): void;
  /**
   * Any failure answers with `answer(error)`: a domain error as it is, anything else (logged) as
   * null — for a screen whose specified failure notice stands in for the error page ("Failed to
   * update approval").
   */
  onFailure(answer: (e: DomainError | null) => unknown): void;
}

/** The arguments a screen handler gets: Remix's, plus who acts and the model context. */
export type ScreenArgs<G extends Guard> = LoaderFunctionArgs &
  DomainAnswer &
  (G extends SignedIn
    ? G extends "employer"
      ? { user: SessionUser & { companyId: string }; ctx: SignedInCtx }
      : { user: SessionUser; ctx: SignedInCtx }
    : { user: SessionUser | null; ctx: Ctx });

/** The signed-in user a guard lets through (null for public and anonymous screens). */
export async function guard(request: Request, g: Guard): Promise<SessionUser | null> {
  switch (g) {
    case "none":
      return null;
    case "public":
      return getUser(request);
    case "anonymous":
      await requireAnonymous(request);
      return null;
    case "user":
      return requireUser(request);
    case "college":
      return requireRole(request, COLLEGE_ROLES, "/employer");
    case "member":
      return requireRole(request, ["student", "alumni"], employerHome);
    case "employer":
      return requireEmployer(request);
    case "employer-account":
      return requireRole(request, ["employer"]);
    case "admin":
      return requireRole(request, ["admin"]);
    case "admin-or-home":
      return requireRole(request, ["admin"], "/");
    case "ojt-staff":
      return requireOjtStaff(request);
  }
}

/** What a screen's 400 says when a posted body is not a form. */
export const NOT_A_FORM =
  "Send the form as application/x-www-form-urlencoded or multipart/form-data.";

/**
 * The request with a formData() (its clones' too) that refuses a body which is not a form (JSON,
 * text, a broken multipart) as a 400 saying what to send, instead of the TypeError of a 500.
 */
function formSafe(request: Request): Request {
  const read = request.formData.bind(request);
  const clone = request.clone.bind(request);
  request.formData = () =>
    read().catch(() => {
      throw new ValidationError(NOT_A_FORM);
    });
  request.clone = () => formSafe(clone());
  return request;
}

export interface ScreenOptions<G extends Guard, R> {
  /** For a screen of one record: a 404 domain error becomes a 404 `{ message: notFound }`. */
  notFound?: string;
  /**
   * The route's own answer to a domain error (a form reply, a redirect with a notice); return
   * undefined to fall back to the route error response.
   */
  onDomainError?: (e: DomainError, args: ScreenArgs<G>) => R | Promise<R> | undefined;
}

/**
 * A loader or action: runs `g`, builds the context, calls `fn`; a `DomainError` goes to
 * `onDomainError` if given, else becomes a thrown `{ message }` response with its status (and
 * Retry-After for 429/503) for the route's error boundary.
 */
export function screen<G extends Guard, R>(
  g: G,
  fn: (args: ScreenArgs<G>) => Promise<R>,
  opts: ScreenOptions<G, R> = {},
): (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<R> {
  return async (args) => {
    const user = await guard(args.request, g);
    let answer: ((e: DomainError) => unknown) | undefined;
    let any: ((e: DomainError | null) => unknown) | undefined;
    const screenArgs = {
      ...args,
      request: formSafe(args.request),
      user,
      ctx: ctxOf(await getDb(), user),
      failTo: (to: string) => {
        answer = (e) => redirectWithFlash(to, { kind: "error", message: e.message });
      },
      failJson: (body: (e: DomainError) => unknown) => {
        answer = (e) => json(body(e), domainInit(e));
      },
      onDomainError: (a: (e: DomainError) => unknown) => {
        answer = a;
      },
      failAny: (body: (e: DomainError | null) => unknown) => {
        any = (e) => json(body(e), e ? domainInit(e) : { status: 500 });
        answer = any;
      },
      onFailure: (a: (e: DomainError | null) => unknown) => {
        any = a;
        answer = a;
      },
    } as unknown as ScreenArgs<G>;
    try {
      return await fn(screenArgs);
    } catch (e) {
      if (!(e instanceof DomainError)) {
        if (!any || e instanceof Response) throw e;
        log.error(new URL(args.request.url).pathname, e);
        return (await any(null)) as R;
      }
      const own = await (answer ? answer(e) : opts.onDomainError?.(e, screenArgs));
      if (own !== undefined) return own as R;
      if (opts.notFound && e.status === 404)
        throw json({ message: opts.notFound }, { status: 404 });
      throw json({ message: e.message }, domainInit(e));
    }
  };
}

/**
 * A record a screen shows only if it can (the confirmation dialog of ?delete={id}, say): null when
 * the model refuses it with a domain error (not found, bad id, not allowed); any other failure is
 * the error boundary's.
 */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}
