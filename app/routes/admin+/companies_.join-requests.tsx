/**
 * /admin/companies/join-requests (admins): every request to join an existing company that waits
 * for an answer, with Approve and Decline (ADR 109). The companies' verified employers answer the
 * same requests on /employer/team. Works without JavaScript.
 */
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { decideJoinRequest, JOIN_MSG, listJoinRequests } from "~/models/employer/join.server";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { configured } from "~/web/config.server";
import { JoinRequestAnswer } from "~/components/employer/join-request-answer";
import { DataTable } from "~/components/data-table/data-table";
import { createColumnHelper } from "@tanstack/react-table";
import { DateOnly } from "~/components/ui/date-time";
import { PageHeader } from "~/components/layout/page-header";

const HERE = "/admin/companies/join-requests";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ ctx }) => json({ requests: await listJoinRequests(ctx) }))(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, ctx, failJson }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    if (intent !== "approve" && intent !== "decline")
      return json({ error: "Unknown action" }, { status: 400 });
    failJson((err) => ({ error: err.message }));
    const r = await decideJoinRequest(configured(ctx), String(form.get("id") ?? ""), intent);
    return redirectWithFlash(HERE, {
      kind: "success",
      message: `${intent === "approve" ? JOIN_MSG.approved : JOIN_MSG.declined}: ${r.email} (${r.companyName})`,
    });
  })(args);
}

const col = createColumnHelper<SerializeFrom<typeof loader>["requests"][number]>();

export default function JoinRequests() {
  const { requests } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <main className="page">
      <PageHeader title="Requests to join companies" as="header">
        <Link to="/admin/companies" className="btn">
          Back to companies
        </Link>
      </PageHeader>
      {data?.error ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : null}
      {requests.length ? (
        <DataTable
          data={requests}
          columns={[
            col.accessor("companyName", { header: "Company" }),
            col.display({
              id: "account",
              header: "Account",
              cell: ({ row: { original: r } }) => (
                <>
                  {r.name} ({r.email}){r.isEmailVerified ? "" : " — email not verified"}
                </>
              ),
            }),
            col.accessor("createdAt", {
              header: "Asked",
              cell: (c) => <DateOnly iso={c.getValue()} />,
            }),
            col.accessor("expiresAt", {
              header: "Ends",
              cell: (c) => <DateOnly iso={c.getValue()} />,
            }),
            col.display({
              id: "answer",
              header: "Answer",
              cell: ({ row: { original: r } }) => (
                <JoinRequestAnswer id={r.id} who={`${r.email} for ${r.companyName}`} />
              ),
            }),
          ]}
          empty="No requests to join are waiting."
          rowKey={(r) => r.id}
        />
      ) : (
        <p>No requests to join are waiting.</p>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Requests to join · Runway" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
