/**
 * /employer/waiting: what an employer account sees while its request to join an existing company
 * waits for an answer, or after it ended (declined or expired). It shows the company's name only —
 * the account sees nothing else of the company and can change nothing (ADR 109). A member of its
 * company is sent on to /employer.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/lib/env.server";
import { myJoinRequest } from "~/models/employer/join.server";
import { screen } from "~/web/screen.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { DateOnly } from "~/components/ui/date-time";

export function loader(args: LoaderFunctionArgs) {
  return screen("employer-account", async ({ ctx }) => {
    if (ctx.actor.companyId) throw redirect("/employer");
    const r = await myJoinRequest(ctx);
    return json({
      companyName: r?.companyName ?? null,
      status: r?.status ?? "declined",
      expiresAt: r?.expiresAt ?? null,
      contact: env().COLLEGE_INFO_EMAIL,
    });
  })(args);
}

export default function Waiting() {
  const { companyName, status, expiresAt, contact } = useLoaderData<typeof loader>();
  const company = companyName ?? "the company";
  return (
    <main className="page">
      <h1>{status === "pending" ? "Waiting for approval" : "Request ended"}</h1>
      {status === "pending" ? (
        <p>
          Your request to post jobs for <strong>{company}</strong> is waiting for approval by a
          verified employer of {company} or by the career office. You will get an email when it is
          answered. Until then you cannot see or change anything of the company.
          {expiresAt ? (
            <>
              {" "}
              The request ends on <DateOnly iso={expiresAt} /> if nobody answers it.
            </>
          ) : null}
        </p>
      ) : (
        <p>
          Your request to post jobs for <strong>{company}</strong>{" "}
          {status === "expired" ? "was not answered in time and ended" : "was declined"}. If you
          think this is a mistake, contact the career office at{" "}
          <a href={`mailto:${contact}`}>{contact}</a>.
        </p>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Waiting for approval · Runway" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
