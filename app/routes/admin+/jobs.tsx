import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
} from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { useEffect, useMemo, useRef } from "react";
import { type JobType } from "#db/constants";
import { DataTable, readTableState } from "~/components/data-table/data-table";
import { AdminJobActions } from "~/components/jobs/admin-job-actions";
import { useHydrated } from "~/components/ui/use-hydrated";
import { JobForm, jobFormValues, NEW_JOB, type JobFormValues } from "~/components/jobs/job-form";
import { Modal } from "~/components/ui/modal";
import { notify } from "~/components/ui/notify";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { idempotentForm, newIdempotencyKey } from "~/web/idempotency.server";
import { relativeTime } from "~/lib/format";
import { JOB_TEXT, JOB_TOAST, deleteJobConfirm, jobFormSchema } from "~/models/job/job.schema";
import * as Jobs from "~/models/job/job.server";
import { ADMIN_SORTS } from "~/models/job/job.rules";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { formErrors } from "~/lib/screen-errors.server";
import { reviewConfig } from "~/web/config.server";
import { approvalQueueCount, listApprovalQueue } from "~/models/employer/queue.server";
import {
  declineTemplateBody,
  listDeclineTemplates,
} from "~/models/employer/decline-templates.server";
import {
  REVIEW_MSG,
  composeDeclineReason,
  declineJob,
  declineReasonSchema,
} from "~/models/employer/review.server";
import { DeclineForm } from "~/components/jobs/decline-form";
import { ApprovalQueue } from "~/components/jobs/approval-queue";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { PlainField } from "~/components/ui/plain-field";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";

export const links = stylesheet(jobsCss);
export const meta: MetaFunction = () => [{ title: "Job Management · Runway" }];

/** The list URL without the modal parameters: where every change returns to. */
function listUrl(url: URL): string {
  const p = new URLSearchParams(url.searchParams);
  for (const k of ["new", "edit", "confirm", "decline"]) p.delete(k);
  const s = p.toString();
  return `/admin/jobs${s ? `?${s}` : ""}`;
}
const safeBack = (v: FormDataEntryValue | null) =>
  typeof v === "string" && /^\/admin\/jobs(\?|$)/.test(v) ? v : "/admin/jobs";

/**
 * /admin/jobs: server-side sort and paging over every job, with ?new / ?edit / ?confirm modals;
 * `?view=queue` is the approval queue (pending jobs oldest first, with the trust signal) and
 * `?decline={id}` its Decline dialog (ADR 104).
 */
export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ request, ctx, failAny }) => {
    const url = new URL(request.url);
    const state = readTableState(url.searchParams, { size: 10 });
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
    const editId = url.searchParams.get("edit");
    const confirmId = url.searchParams.get("confirm");
    const view = url.searchParams.get("view") === "queue" ? ("queue" as const) : ("all" as const);
    const declineId = url.searchParams.get("decline");
    // A failed load shows the list empty with "Failed to load jobs" (and "Refresh failed").
    failAny(() => ({
      view,
      queue: [],
      queueTotal: 0,
      decline: null,
      templates: [],
      rows: [],
      total: 0,
      state,
      q,
      companies: [],
      categories: [],
      modal: null,
      formKey: "",
      editValues: null,
      confirm: null,
      back: listUrl(url),
      now: Date.now(),
      loadError: true,
    }));
    // The queue's rows only on its own view (the other view's tab shows its count); the job form's
    // company and category choices only while the form is open (?new or ?edit).
    const formOpen = url.searchParams.has("new") || !!editId;
    const [queue, declining, templates] = await Promise.all([
      view === "queue"
        ? listApprovalQueue(ctx, { offset: 0, limit: 100 })
        : approvalQueueCount(ctx.db).then((total) => ({ items: [], total })),
      declineId ? Jobs.findJob(ctx.db, declineId) : null,
      declineId ? listDeclineTemplates(ctx) : [],
    ]);
    const [result, companies, categories, edit, confirm] = await Promise.all([
      // The queue view lists the queue only (the table of every job is the other view).
      view === "queue"
        ? { rows: [], total: 0 }
        : Jobs.searchAllJobs(
            ctx.db,
            { q },
            { offset: (state.page - 1) * state.size, limit: state.size },
            { by: state.sort, dir: state.dir },
          ),
      formOpen ? Jobs.listCompanyChoices(ctx.db) : ([] as Array<{ id: string; name: string }>),
      formOpen ? Jobs.listCategories(ctx) : ([] as string[]),
      editId ? Jobs.findJob(ctx.db, editId) : null,
      confirmId ? Jobs.findJob(ctx.db, confirmId) : null,
    ]);
    const editValues: JobFormValues | null = edit ? jobFormValues(edit) : null;
    return json({
      view,
      queue: view === "queue" ? queue.items : [],
      queueTotal: queue.total,
      decline: declining ? { id: declining.id, title: declining.title } : null,
      templates: templates.map((t) => ({ id: t.id, title: t.title, body: t.body })),
      rows: result.rows.map((r) => ({
        id: r.id,
        title: r.title,
        company: r.companyName,
        jobType: r.jobType,
        location: r.location,
        categories: r.categories ?? [],
        createdAt: new Date(r.createdAt).toISOString(),
        status: r.status,
        isApproved: r.isApproved,
        declined: !!r.declinedAt,
      })),
      total: result.total,
      state,
      q,
      companies,
      categories,
      modal: url.searchParams.has("new") ? ("new" as const) : editValues ? ("edit" as const) : null,
      formKey: newIdempotencyKey(),
      editValues,
      confirm: confirm ? { id: confirm.id, title: confirm.title } : null,
      back: listUrl(url),
      now: Date.now(),
      loadError: false,
    });
  })(args);
}

type FormReply = { result: SubmissionResult<string[]>; message: string };
type DeclineReply = { declineError: string };

/** One action, several intents: create, update, approve, toggle, delete (notices as flashes). */
export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, user: admin, ctx, failJson, onFailure }) => {
    const form = await request.formData();
    const back = safeBack(form.get("back"));
    const intent = form.get("intent");
    const id = String(form.get("id") ?? "");
    const fail = (message: string) => redirectWithFlash(back, { kind: "error", message });

    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(form, { schema: jobFormSchema });
      if (submission.status !== "success")
        return json<FormReply>(
          { result: submission.reply(), message: JOB_TOAST.saveFailed },
          { status: 400 },
        );
      failJson((err): FormReply => ({
        result: submission.reply(formErrors(err, "fields-or-message")),
        message: err.message,
      }));
      const save = async () => {
        if (intent === "create") await Jobs.createJob(ctx, submission.value);
        else await Jobs.updateJob(ctx, id, submission.value, reviewConfig());
        return redirectWithFlash(back, {
          kind: "success",
          message: intent === "create" ? JOB_TOAST.created : JOB_TOAST.updated,
        });
      };
      // A double click or a resubmitted create answers as the first did instead of adding the job twice.
      return intent === "create" ? idempotentForm(request, admin.id, form, back, save) : save();
    }
    if (intent === "decline") {
      const templateBody = await declineTemplateBody(ctx, String(form.get("templateId") ?? ""));
      const parsed = declineReasonSchema.safeParse({
        reason: composeDeclineReason(templateBody, String(form.get("reason") ?? "")),
      });
      if (!parsed.success)
        return json<DeclineReply>(
          { declineError: parsed.error.issues[0]?.message ?? "Invalid reason" },
          { status: 400 },
        );
      onFailure(() => fail(JOB_TOAST.approvalFailed));
      await declineJob(ctx, id, parsed.data.reason, reviewConfig());
      return redirectWithFlash(back, { kind: "success", message: REVIEW_MSG.declined });
    }
    onFailure(() =>
      fail(
        intent === "approve"
          ? JOB_TOAST.approvalFailed
          : intent === "toggle"
            ? JOB_TOAST.toggleFailed
            : JOB_TOAST.deleteFailed,
      ),
    );
    if (intent === "approve") {
      const approve = form.get("isApproved") === "true";
      await Jobs.setJobApproval(ctx, id, approve, reviewConfig());
      return redirectWithFlash(back, {
        kind: "success",
        message: approve ? JOB_TOAST.approved : JOB_TOAST.unapproved,
      });
    }
    if (intent === "toggle") {
      const row = await Jobs.toggleJobStatus(ctx, id);
      return redirectWithFlash(back, {
        kind: "success",
        message: row.status === "active" ? JOB_TOAST.reactivated : JOB_TOAST.deactivated,
      });
    }
    if (intent === "delete") {
      await Jobs.deleteJob(ctx, id);
      return redirectWithFlash(back, { kind: "success", message: JOB_TOAST.deleted });
    }
    return fail("Unknown action");
  })(args);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const col = createColumnHelper<Row>();

export default function AdminJobs() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormReply | DeclineReply | undefined;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const declineError = actionData && "declineError" in actionData ? actionData.declineError : null;
  const location = useLocation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const refreshing = useRef(false);
  const { back } = data;
  const sep = back.includes("?") ? "&" : "?";
  const close = () => navigate(back, { replace: true, preventScrollReset: true });

  useEffect(() => {
    if (reply?.message) notify.error(reply.message);
  }, [reply]);
  useEffect(() => {
    if (data.loadError && !refreshing.current) notify.error(JOB_TOAST.loadFailed);
  }, [data.loadError]);
  useEffect(() => {
    if (refreshing.current && revalidator.state === "idle") {
      refreshing.current = false;
      if (data.loadError) notify.error(JOB_TOAST.refreshFailed);
      else notify.success(JOB_TOAST.refreshed);
    }
  }, [revalidator.state, data.loadError]);

  const columns = useMemo(
    () => [
      col.accessor("title", {
        id: "title",
        header: "Title",
        cell: (c) => <Link to={`/jobs/${c.row.original.id}`}>{c.getValue()}</Link>,
      }),
      col.accessor("company", { id: "company", header: "Company" }),
      col.accessor("jobType", {
        id: "type",
        header: "Type",
        cell: (c) => JOB_TYPE_LABELS[c.getValue() as JobType] ?? c.getValue(),
      }),
      col.accessor("location", {
        id: "location",
        header: "Location",
        cell: (c) => c.getValue() || "—",
      }),
      col.accessor("categories", {
        id: "category",
        header: "Category",
        cell: (c) => c.getValue().join(", ") || "—",
      }),
      col.accessor("createdAt", {
        id: "posted",
        header: "Posted",
        cell: (c) => (
          <time dateTime={c.getValue()} title={new Date(c.getValue()).toUTCString()}>
            {relativeTime(c.getValue(), new Date(data.now))}
          </time>
        ),
      }),
      col.accessor("status", {
        id: "status",
        header: "Status",
        cell: (c) => (
          <span
            className={`badge ${c.getValue() === "active" ? "badge-success" : "badge-warning"}`}
          >
            {c.getValue()}
          </span>
        ),
      }),
      col.accessor("isApproved", {
        id: "approval",
        header: "Approval",
        cell: (c) => (
          <span
            className={`badge ${c.getValue() ? "badge-success" : c.row.original.declined ? "badge-danger" : "badge-warning"}`}
          >
            {c.getValue() ? "Approved" : c.row.original.declined ? "Declined" : "Pending"}
          </span>
        ),
      }),
      col.display({
        id: "actions",
        header: "Actions",
        cell: (c) => <AdminJobActions row={c.row.original} back={back} />,
      }),
    ],
    [back, data.now],
  );

  const formPanel =
    data.modal !== null ? (
      <JobForm
        key={data.editValues?.id ?? "new"}
        values={data.modal === "edit" && data.editValues ? data.editValues : NEW_JOB}
        companies={data.companies}
        categories={data.categories}
        lastResult={reply?.result}
        back={back}
        idempotencyKey={data.formKey}
        action={location.pathname + location.search}
      />
    ) : null;
  const confirmPanel = data.confirm ? (
    <Form method="post" action={back} className="stack">
      <p>{deleteJobConfirm(data.confirm.title)}</p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={data.confirm.id} />
      <input type="hidden" name="back" value={back} />
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Link to={back} className="btn btn-ghost" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn btn-danger">
          Delete
        </button>
      </div>
    </Form>
  ) : null;

  const declinePanel = data.decline ? (
    <DeclineForm job={data.decline} templates={data.templates} back={back} error={declineError} />
  ) : null;
  const queueUrl = "/admin/jobs?view=queue";

  return (
    <main className="page">
      <PageHeader title="Job Management" as="header">
        <div className="row">
          <Link
            to={location.pathname + location.search}
            className="btn"
            onClick={(e) => {
              e.preventDefault();
              refreshing.current = true;
              revalidator.revalidate();
            }}
          >
            Refresh
          </Link>
          <Link to={`${back}${sep}new=1`} className="btn btn-primary" preventScrollReset>
            New Job
          </Link>
        </div>
      </PageHeader>

      <nav className="view-tabs" aria-label="Job views">
        <Link to="/admin/jobs" aria-current={data.view === "all" ? "page" : undefined}>
          All jobs
        </Link>
        <Link to={queueUrl} aria-current={data.view === "queue" ? "page" : undefined}>
          Approval queue <span className="badge">{data.queueTotal}</span>
        </Link>
        <Link to="/admin/jobs/decline-templates">Decline templates</Link>
      </nav>

      <ErrorAlert message={data.loadError ? JOB_TOAST.loadFailed : null} />

      {/* Without JavaScript the form and the confirmation render in the page; with it, in modals. */}
      {!hydrated && formPanel ? (
        <section
          className="card inline-panel"
          aria-label={data.modal === "edit" ? "Edit Job" : "New Job"}
        >
          <h2>{data.modal === "edit" ? "Edit Job" : "New Job"}</h2>
          {formPanel}
        </section>
      ) : null}
      {!hydrated && declinePanel ? (
        <section className="card inline-panel" aria-label="Decline job">
          <h2>Decline job</h2>
          {declinePanel}
        </section>
      ) : null}
      {!hydrated && confirmPanel ? (
        <section className="card inline-panel" aria-label="Delete job">
          {confirmPanel}
        </section>
      ) : null}

      {data.view === "queue" ? (
        <ApprovalQueue items={data.queue} total={data.queueTotal} back={back} now={data.now} />
      ) : (
        <>
          <div className="admin-jobs-toolbar">
            <Form method="get" className="admin-jobs-search" role="search" aria-label="Search jobs">
              <PlainField id="admin-jobs-q" label="Search">
                {(ctrl) => (
                  <input {...ctrl} type="search" name="q" defaultValue={data.q} maxLength={200} />
                )}
              </PlainField>
              {data.state.sort ? <input type="hidden" name="sort" value={data.state.sort} /> : null}
              {data.state.dir ? <input type="hidden" name="dir" value={data.state.dir} /> : null}
              <input type="hidden" name="size" value={data.state.size} />
              <button type="submit" className="btn">
                Search
              </button>
            </Form>
          </div>

          <div className="table-cards admin-jobs-table">
            <DataTable
              data={data.rows}
              columns={columns}
              state={data.state}
              total={data.total}
              empty={JOB_TEXT.adminEmpty}
              sortable={ADMIN_SORTS}
              caption="Jobs"
              rowKey={(r) => r.id}
            />
          </div>
        </>
      )}

      {hydrated ? (
        <>
          <Modal
            open={!!formPanel}
            onClose={close}
            title={data.modal === "edit" ? "Edit Job" : "New Job"}
            size="lg"
          >
            {formPanel}
          </Modal>
          <Modal open={!!confirmPanel} onClose={close} title="Delete job" size="sm">
            {confirmPanel}
          </Modal>
          <Modal open={!!declinePanel} onClose={close} title="Decline job" size="md">
            {declinePanel}
          </Modal>
        </>
      ) : null}
    </main>
  );
}

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
