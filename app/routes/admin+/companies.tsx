/**
 * /admin/companies: a searchable, sortable, paged table; Add Company and Edit in a modal
 * with logo upload; delete after a confirmation (refused while the company has jobs). Modal state is
 * in the URL (?new=1, ?edit={id}, ?delete={id}) so every action also works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useDebounced } from "~/components/ui/use-debounced";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CompanyForm } from "~/components/company/company-form";
import { companyColumns, DeleteCompanyForm } from "~/components/company/company-table";
import { DataTable, readTableState } from "~/components/data-table/data-table";
import { Modal } from "~/components/ui/modal";
import { notify } from "~/components/ui/notify";
import { redirectWithFlash } from "~/web/auth.server";
import { orNull, screen } from "~/web/screen.server";
import { idempotentForm, newIdempotencyKey } from "~/web/idempotency.server";
import {
  COMPANY_MSG,
  companyInputSchema,
  type CompanyRecord,
} from "~/models/company/company.schema";
import {
  addCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  updateCompany,
} from "~/models/company/company.server";
import { IMAGE_MESSAGES, storeImage } from "~/models/file/file.server";
import styles from "~/styles/companies.css";
import { domainInit, formErrors } from "~/lib/screen-errors.server";
import { LOGO_MAX_BYTES } from "~/lib/uploads";
import { moaLabels, moaStateCondition } from "~/models/ojt/agreements.server";
import { todayOf } from "~/models/ojt/config";
import { MOA_STATES, type MoaState } from "~/models/ojt/paperwork.schema";
import { ojtConfig } from "~/web/config.server";
import { blockCompany, unblockCompany } from "~/models/employer/moderation.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Companies · Runway" }];

const MODAL_PARAMS = ["new", "edit", "delete"];

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ request, ctx }) => {
    const params = new URL(request.url).searchParams;
    const state = readTableState(params, { sort: "name", dir: "asc" });
    const q = (params.get("q") ?? "").slice(0, 200);
    // The host agreement filter: valid / expiring / expired / none (anything else: all companies).
    const moa = (MOA_STATES as readonly string[]).includes(params.get("moa") ?? "")
      ? (params.get("moa") as MoaState)
      : null;
    const focusId = params.get("edit") ?? params.get("delete");
    const [list, focus] = await Promise.all([
      listCompanies(ctx, {
        q,
        sort: state.sort,
        dir: state.dir,
        page: state.page,
        size: state.size,
        where: moa ? moaStateCondition(moa, todayOf(ojtConfig())) : undefined,
      }),
      focusId ? orNull(getCompany(ctx, focusId)) : Promise.resolve(null),
    ]);
    const labels = await moaLabels(
      ctx.db,
      ojtConfig(),
      list.companies.map((c) => c.id),
    );
    return json({
      ...list,
      companies: list.companies.map((c) => ({ ...c, moa: labels.get(c.id) })),
      moa,
      q,
      state,
      focus,
      formKey: newIdempotencyKey(),
      loadError: null as string | null,
    });
  })(args);
}

/** The list URL this action came from, without the modal parameters. */
function backTo(request: Request) {
  const url = new URL(request.url);
  for (const p of [...MODAL_PARAMS, "index", "_data"]) url.searchParams.delete(p);
  const qs = url.searchParams.toString();
  return `/admin/companies${qs ? `?${qs}` : ""}`;
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, user, ctx, failTo, failJson, onDomainError }) => {
    if (Number(request.headers.get("Content-Length") ?? 0) > LOGO_MAX_BYTES + 64 * 1024)
      return json(
        {
          intent: "save",
          result: null,
          toast: COMPANY_MSG.uploadFailed,
          error: `${COMPANY_MSG.uploadFailed}: ${IMAGE_MESSAGES.tooLarge}`,
        },
        { status: 413 },
      );
    const formData = await request.formData();
    const intent = formData.get("intent");

    if (intent === "block" || intent === "unblock") {
      // Audited in the model, with the jobs hidden/shown and sessions ended in one transaction.
      failTo(backTo(request));
      const id = String(formData.get("id") ?? "");
      if (intent === "block") await blockCompany(ctx, id);
      else await unblockCompany(ctx, id);
      return redirectWithFlash(backTo(request), {
        kind: "success",
        message:
          intent === "block" ? EMPLOYER_MSG.companyBlockedDone : EMPLOYER_MSG.companyUnblockedDone,
      });
    }

    if (intent === "delete") {
      onDomainError((err) =>
        json({ intent, result: null, toast: err.message, error: err.message }, domainInit(err)),
      );
      await deleteCompany(ctx, String(formData.get("id") ?? ""));
      return redirectWithFlash(backTo(request), { kind: "success", message: COMPANY_MSG.deleted });
    }

    const submission = parseWithZod(formData, { schema: companyInputSchema });
    if (submission.status !== "success")
      return json(
        {
          intent: "save",
          result: submission.reply(),
          toast: COMPANY_MSG.saveFailed,
          error: null as string | null,
        },
        { status: 400 },
      );
    const id = formData.get("id");
    const save = async () => {
      const v = submission.value;
      const input = {
        name: v.name,
        location: v.location ?? null,
        website: v.website ?? null,
        email: v.email ?? null,
        phone: v.phone ?? null,
        description: v.description ?? null,
        logoUrl: v.logoUrl ?? null,
      };
      // Without JavaScript the logo file arrives with the form; store it first.
      const file = formData.get("logo");
      if (file instanceof Blob && file.size > 0) {
        failJson((err) => ({
          intent: "save",
          result: submission.reply({ fieldErrors: { logo: [err.message] } }),
          toast: COMPANY_MSG.uploadFailed,
          error: `${COMPANY_MSG.uploadFailed}: ${err.message}`,
        }));
        input.logoUrl = (await storeImage(ctx.db, file, { kind: "logo", actorId: user.id })).url;
      }
      failJson((err) => ({
        intent: "save",
        result: submission.reply(formErrors(err, "fields-or-message")),
        toast: COMPANY_MSG.saveFailed,
        error: `${COMPANY_MSG.saveFailed}: ${err.message}`,
      }));
      if (typeof id === "string" && id) await updateCompany(ctx, id, input);
      else await addCompany(ctx, input);
      return redirectWithFlash(backTo(request), {
        kind: "success",
        message: id ? COMPANY_MSG.updated : COMPANY_MSG.added,
      });
    };
    // A double click or a resubmitted Add Company answers as the first did instead of adding it twice.
    if (typeof id === "string" && id) return save();
    return idempotentForm(request, user.id, formData, backTo(request), save);
  })(args);
}

export default function AdminCompanies() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const searchRef = useRef<HTMLFormElement>(null);
  // A pending debounced search must not undo a navigation the user started meanwhile (e.g. Edit).
  const debounced = useDebounced(params);

  const hrefWith = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const p of MODAL_PARAMS) next.delete(p);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    return `/admin/companies${qs ? `?${qs}` : ""}`;
  };
  const closeHref = hrefWith({});
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });

  useEffect(() => {
    if (data.loadError) notify.error(data.loadError);
  }, [data.loadError]);
  useEffect(() => {
    if (actionData?.toast) notify.error(actionData.toast);
  }, [actionData]);

  const columns = companyColumns(hrefWith);

  const adding = params.get("new") === "1";
  const editing = params.get("edit") ? data.focus : null;
  const deleting = params.get("delete") ? data.focus : null;
  const saveResult = actionData?.intent === "save" ? actionData : null;
  const formOpen = adding || !!editing;

  const form = formOpen ? (
    <CompanyForm
      key={editing?.id ?? "new"}
      company={editing}
      lastResult={saveResult?.result ?? null}
      formError={saveResult?.error ?? null}
      onCancel={hydrated ? close : undefined}
      cancelHref={closeHref}
      idempotencyKey={data.formKey}
    />
  ) : null;
  const confirm = deleting ? (
    <DeleteCompanyForm
      company={deleting}
      error={actionData?.intent === "delete" ? actionData.error : null}
      busy={navigation.state !== "idle" && navigation.formData?.get("intent") === "delete"}
      cancelHref={closeHref}
    />
  ) : null;

  return (
    <main className="page">
      <PageHeader title="Company Management" as="header">
        <Link className="btn" to="/admin/companies/join-requests">
          Requests to join
        </Link>
        <Link className="btn btn-primary" to={hrefWith({ new: "1" })} preventScrollReset>
          Add Company
        </Link>
      </PageHeader>
      <ErrorAlert message={data.loadError} />
      <Form
        method="get"
        role="search"
        ref={searchRef}
        className="row company-search"
        preventScrollReset
      >
        {params.get("sort") ? (
          <input type="hidden" name="sort" value={params.get("sort")!} />
        ) : null}
        {params.get("dir") ? <input type="hidden" name="dir" value={params.get("dir")!} /> : null}
        {params.get("size") ? (
          <input type="hidden" name="size" value={params.get("size")!} />
        ) : null}
        <label htmlFor="company-moa">MOA</label>
        <select
          id="company-moa"
          name="moa"
          defaultValue={data.moa ?? ""}
          onChange={(e) => {
            const f = e.currentTarget.form;
            if (f) submit(f, { replace: true, preventScrollReset: true });
          }}
        >
          <option value="">All</option>
          <option value="valid">Valid</option>
          <option value="expiring">Expires within 60 days</option>
          <option value="expired">Expired</option>
          <option value="none">None</option>
        </select>
        <label htmlFor="company-q" className="visually-hidden">
          Search companies
        </label>
        <input
          id="company-q"
          type="search"
          name="q"
          defaultValue={data.q}
          placeholder="Search by name, location, email…"
          onChange={(e) => {
            const f = e.currentTarget.form;
            // Search runs 350 ms after the last keystroke, without a full reload.
            debounced.schedule(() => f && submit(f, { replace: true, preventScrollReset: true }));
          }}
        />
        <button type="submit" className="btn">
          Search
        </button>
        {data.q || data.moa ? (
          <Link className="btn btn-ghost" to="/admin/companies">
            Clear
          </Link>
        ) : null}
      </Form>
      <div className="table-cards admin-companies-table">
        <DataTable
          data={data.companies as CompanyRecord[]}
          columns={columns}
          state={data.state}
          total={data.total}
          empty="No companies found."
          sortable={["name", "location", "jobs"]}
          caption="Companies"
          rowKey={(c) => c.id}
        />
      </div>
      {hydrated ? (
        <>
          <Modal
            open={formOpen}
            onClose={close}
            title={editing ? "Edit Company" : "Add Company"}
            size="lg"
          >
            {form}
          </Modal>
          <Modal open={!!deleting} onClose={close} title="Delete company" size="sm">
            {confirm}
          </Modal>
        </>
      ) : formOpen || deleting ? (
        <section className="card company-inline" aria-labelledby="company-inline-title">
          <h2 id="company-inline-title">
            {deleting ? "Delete company" : editing ? "Edit Company" : "Add Company"}
          </h2>
          {deleting ? confirm : form}
        </section>
      ) : null}
    </main>
  );
}

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
