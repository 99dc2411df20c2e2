/**
 * /admin/companies/join-requests (admins): every request to join an existing company that waits
 * for an answer, with Approve and Decline (ADR 109). The companies' verified employers answer the
 * same requests on /employer/team. Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getDb } from "~/lib/db.server";
import { domainReply } from "~/lib/screen-errors.server";
import { ctxOf } from "~/models/context";
import { decideJoinRequest, JOIN_MSG, listJoinRequests } from "~/models/employer/join.server";
import { redirectWithFlash, requireRole } from "~/web/auth.server";
import { configured } from "~/web/config.server";
import { JoinRequestAnswer } from "~/components/employer/join-request-answer";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";

const HERE = "/admin/companies/join-requests";

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireRole(request, ["admin"]);
  return json({ requests: await listJoinRequests(ctxOf(await getDb(), me)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireRole(request, ["admin"]);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "decline")
    return json({ error: "Unknown action" }, { status: 400 });
  try {
    const r = await decideJoinRequest(
      configured(ctxOf(await getDb(), me)),
      String(form.get("id") ?? ""),
      intent,
    );
    return redirectWithFlash(HERE, {
      kind: "success",
      message: `${intent === "approve" ? JOIN_MSG.approved : JOIN_MSG.declined}: ${r.email} (${r.companyName})`,
    });
  } catch (e) {
    return domainReply(e, (err) => ({ error: err.message }));
  }
}

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export default function JoinRequests() {
  const { requests } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <main className="page">
      <header className="page-header">
        <h1>Requests to join companies</h1>
        <Link to="/admin/companies" className="btn">
          Back to companies
        </Link>
      </header>
      {data?.error ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : null}
      {requests.length ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Account</th>
              <th scope="col">Asked</th>
              <th scope="col">Ends</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id}>
                <td>{r.companyName}</td>
                <td>
                  {r.name} ({r.email}){r.isEmailVerified ? "" : " — email not verified"}
                </td>
                <td>{day(r.createdAt)}</td>
                <td>{day(r.expiresAt)}</td>
                <td>
                  <JoinRequestAnswer id={r.id} who={`${r.email} for ${r.companyName}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No requests to join are waiting.</p>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Requests to join · Runway" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
