/**
 * /surveys/{id}/responses: the raw 'Survey Responses' page of the route table, pretty-printed data. Admins see
 * every response; any other signed-in user sees only their own (other people's answers are private).
 * The file name's `$id_` keeps this page out of the answering page's layout.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screen } from "~/web/screen.server";
import { isUuid } from "~/lib/ids";
import { listResponses } from "~/models/survey/survey.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";

export function loader(args: LoaderFunctionArgs) {
  return screen("college", async ({ params, user, ctx }) => {
    const id = params.id ?? "";
    // The raw screen logs failures and a missing id to the console only.
    if (!isUuid(id))
      return json({
        responses: [] as Awaited<ReturnType<typeof listResponses>>,
        error: "Missing or invalid survey id",
      });
    const responses = await listResponses(
      ctx.db,
      id,
      user.role === "admin" ? {} : { userId: user.id },
    );
    return json({ responses, error: null as string | null });
  })(args);
}

export default function RawResponses() {
  const { responses, error } = useLoaderData<typeof loader>();
  if (error && typeof window !== "undefined") console.error(error);
  return (
    <main className="page">
      <h1>Survey Responses</h1>
      <pre className="card survey-raw" tabIndex={0} aria-label="Responses as data">
        {JSON.stringify(responses, null, 2)}
      </pre>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Survey Responses — Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
