import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { redirectWithFlash } from "~/web/auth.server";
import { orNull, screen } from "~/web/screen.server";
import { listCourses } from "~/models/course/course.server";
import { readUserListQuery, USERS_MSG } from "~/models/user/admin.schema";
import {
  deleteUserByAdmin,
  getUserForAdmin,
  EXACT_COUNT_MAX,
  listUsers,
  setUserActive,
} from "~/models/user/admin.server";
import {
  markEmailVerifiedByAdmin,
  resendVerificationByAdmin,
} from "~/models/user/email-state.server";
import type { PublicUser } from "~/models/user/user.server";
import { ConfirmStep } from "~/components/users/confirm-step";
import type { UserActionResult, UserRowView } from "~/components/users/types";
import { PageErrorContext, type PageErrorState } from "~/components/users/user-actions";
import { UsersFilters } from "~/components/users/users-filters";
import { UsersPager } from "~/components/users/users-pager";
import { UsersTable } from "~/components/users/users-table";
import styles from "~/styles/people.css";
import { configured } from "~/web/config.server";
import { isFreeMailAddress } from "~/models/employer/domain.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import {
  blockEmployer,
  unblockEmployer,
  verifyEmployer,
} from "~/models/employer/moderation.server";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";

const EMPLOYER_INTENTS = {
  "employer-verify": [verifyEmployer, EMPLOYER_MSG.verified],
  "employer-block": [blockEmployer, EMPLOYER_MSG.blockedDone],
  "employer-unblock": [unblockEmployer, EMPLOYER_MSG.unblockedDone],
} as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const toRow = (u: PublicUser): UserRowView => ({
  _id: u._id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  personalEmail: u.personalEmail,
  role: u.role,
  yearLevel: u.yearLevel,
  graduationYear: u.graduationYear,
  courseName: u.course?.name ?? null,
  isActive: u.isActive,
  isEmailVerified: u.isEmailVerified,
  avatarUrl: u.avatarUrl,
  employer:
    u.role === "employer"
      ? {
          companyName: u.companyName ?? null,
          domainVerified: u.domainVerified,
          freeMail: isFreeMailAddress(u.email),
          employerVerified: u.employerVerified,
          isBlocked: u.isBlocked,
          companyBlocked: !!u.companyBlocked,
        }
      : null,
});

/** /admin/users: filters and paging in the URL, done by the database (not on the client, ADR 040). */
export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ request, user: me, ctx }) => {
    const params = new URL(request.url).searchParams;
    const query = readUserListQuery(params);
    // Above EXACT_COUNT_MAX users the footer says "about" or "more than" instead of counting them all.
    const [page, courses] = await Promise.all([
      listUsers(ctx, query, undefined, { estimateAbove: EXACT_COUNT_MAX }),
      listCourses(ctx.db),
    ]);
    const intent = params.get("confirm");
    let confirm: { intent: "toggle" | "delete"; user: UserRowView } | null = null;
    if ((intent === "toggle" || intent === "delete") && params.get("id")) {
      const u = await orNull(getUserForAdmin(ctx, params.get("id")!));
      if (u) confirm = { intent, user: toRow(u) };
    }
    const error = params.get("error");
    return json({
      users: page.users.map(toRow),
      total: page.total,
      approx: page.approx ?? null,
      page: page.page,
      pages: page.pages,
      fetchFailed: false,
      query: { ...query, page: page.page },
      courses: courses.map((c) => ({ id: c.id, name: c.name })),
      created: params.get("created") === "1",
      pageError:
        error === "toggle"
          ? USERS_MSG.statusPageError
          : error === "delete"
            ? USERS_MSG.deletePageError
            : null,
      meId: me.id,
      confirm,
    });
  })(args);
}

/**
 * Activate/Deactivate (`intent=toggle`, `isActive`) and Delete (`intent=delete`). Fetchers (`js=1`)
 * get JSON; plain form posts get a confirmation step first, then a redirect back with a flash.
 */
export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, ctx, failTo, onDomainError }) => {
    const form = await request.formData();
    const intent = form.get("intent") === "delete" ? "delete" : "toggle";
    const id = String(form.get("id") ?? "");
    const js = form.get("js") === "1";
    const url = new URL(request.url);
    for (const k of ["confirm", "id", "created", "error", "index"]) url.searchParams.delete(k);
    const back = (extra: Record<string, string> = {}) => {
      for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
      return `/admin/users${url.searchParams.size ? `?${url.searchParams}` : ""}`;
    };
    const raw = form.get("intent");
    if (raw === "verify" || raw === "resend-verification") {
      // Harmless and reversible by the user's own flow: no confirmation step.
      failTo(back());
      const r =
        raw === "verify"
          ? await markEmailVerifiedByAdmin(ctx, id)
          : await resendVerificationByAdmin(configured(ctx), id);
      return redirectWithFlash(back(), { kind: "success", message: r.message });
    }
    if (typeof raw === "string" && raw in EMPLOYER_INTENTS) {
      // An employer's trust actions (audited by the model; block is undone by Unblock).
      const [run, message] = EMPLOYER_INTENTS[raw as keyof typeof EMPLOYER_INTENTS];
      failTo(back());
      await run(ctx, id);
      return redirectWithFlash(back(), { kind: "success", message });
    }
    if (form.get("confirm") !== "yes") throw redirect(back({ confirm: intent, id }));
    onDomainError((err) => {
      const fail: UserActionResult = {
        ok: false,
        intent,
        banner: intent === "delete" ? USERS_MSG.deleteBanner : USERS_MSG.statusBanner,
        pageError: intent === "delete" ? USERS_MSG.deletePageError : USERS_MSG.statusPageError,
        reason: err.message,
      };
      if (js) return json(fail, { status: err.status });
      return redirectWithFlash(back({ error: intent }), [
        { kind: "error", message: fail.banner },
        { kind: "error", message: err.message },
      ]);
    });
    let message: string;
    if (intent === "delete") {
      await deleteUserByAdmin(ctx, id);
      message = USERS_MSG.deleted;
    } else {
      const isActive = form.get("isActive") === "true";
      await setUserActive(ctx, id, isActive);
      message = isActive ? USERS_MSG.activated : USERS_MSG.deactivated;
    }
    const ok: UserActionResult = { ok: true, intent, message };
    return js ? json(ok) : redirectWithFlash(back(), { kind: "success", message });
  })(args);
}

export default function ManageUsers() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<PageErrorState | null>(null);
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/users";
  const pageError =
    clientError ?? (data.pageError ? { message: data.pageError, reason: null } : null);
  return (
    <PageErrorContext.Provider value={setClientError}>
      <main className="page users-page">
        {data.created ? (
          <p className="alert alert-success" role="status">
            {USERS_MSG.created}
          </p>
        ) : null}
        <PageHeader title="Manage Users">
          <Link to="/admin/create-user" className="btn btn-primary">
            Create User
          </Link>
        </PageHeader>
        {pageError ? (
          <div className="alert alert-error" role="alert">
            <strong>{pageError.message}</strong>
            {pageError.reason ? <span> — {pageError.reason}</span> : null}
          </div>
        ) : null}
        <ErrorAlert message={data.fetchFailed ? USERS_MSG.fetchFailed : null} />
        {data.confirm ? (
          <ConfirmStep intent={data.confirm.intent} user={data.confirm.user} />
        ) : null}
        <UsersFilters query={data.query} courses={data.courses} />
        <div className="users-results" aria-busy={loading || undefined}>
          {loading ? (
            <p className="users-loading" role="status">
              {USERS_MSG.loading}
            </p>
          ) : null}
          <UsersTable
            users={data.users}
            state={{
              page: data.page,
              size: data.query.size,
              sort: data.query.sort,
              dir: data.query.dir,
            }}
            total={data.total}
            meId={data.meId}
          />
          <UsersPager page={data.page} pages={data.pages} total={data.total} approx={data.approx} />
        </div>
      </main>
    </PageErrorContext.Provider>
  );
}

export const meta: MetaFunction = () => [{ title: "Manage Users · Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
