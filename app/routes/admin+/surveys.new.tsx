/** /admin/surveys/new: the editor with one blank question. */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash, requireRole } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { saveEditorForm } from "~/models/survey/editor.server";
import { BLANK_QUESTION, SurveyEditor } from "~/components/survey/survey-editor";
import surveyStyles from "~/styles/surveys.css";
import adminStyles from "~/styles/survey-admin.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { actorOf } from "~/models/context";
import { listCourseGroups } from "~/models/course/course.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: surveyStyles },
  { rel: "stylesheet", href: adminStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["admin"], "/");
  return json({ courseGroups: await listCourseGroups(await getDb()) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, ["admin"], "/");
  const outcome = await saveEditorForm(
    { db: await getDb(), actor: actorOf(user) },
    await request.formData(),
    null,
  );
  if ("saved" in outcome)
    return redirectWithFlash("/admin/surveys", { kind: "success", message: "Survey saved." });
  return json(outcome.reply, { status: outcome.status });
}

export default function NewSurvey() {
  const lastResult = useActionData<typeof action>();
  const { courseGroups } = useLoaderData<typeof loader>();
  return (
    <SurveyEditor
      heading="New Survey"
      lastResult={lastResult}
      courseGroups={courseGroups}
      defaultValue={{
        title: "",
        audience: "all",
        description: "",
        status: false,
        questions: [BLANK_QUESTION],
      }}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "New Survey — Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
