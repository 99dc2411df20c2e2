/** /admin/surveys/{id}/edit: question ids stay stable across saves (see updateSurvey). */
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
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import { getSurvey } from "~/models/survey/survey.server";
import { BLANK_QUESTION, SurveyEditor } from "~/components/survey/survey-editor";
import surveyStyles from "~/styles/surveys.css";
import adminStyles from "~/styles/survey-admin.css";
import { domainError } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { actorOf } from "~/models/context";
import { listCourseGroups } from "~/models/course/course.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: surveyStyles },
  { rel: "stylesheet", href: adminStyles },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, ["admin"], "/");
  try {
    const db = await getDb();
    const survey = await getSurvey({ db, actor: actorOf(user) }, params.id ?? "");
    return json({ survey, courseGroups: await listCourseGroups(db) });
  } catch (e) {
    // A load failure alerts 'Failed to load survey.' and goes to /admin/surveys.
    domainError(e);
    throw await redirectWithFlash("/admin/surveys", {
      kind: "error",
      message: SURVEY_MSG.loadFailed,
    });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, ["admin"], "/");
  const outcome = await saveEditorForm(
    { db: await getDb(), actor: actorOf(user) },
    await request.formData(),
    params.id ?? "",
  );
  if ("saved" in outcome)
    return redirectWithFlash("/admin/surveys", { kind: "success", message: "Survey saved." });
  return json(outcome.reply, { status: outcome.status });
}

export default function EditSurvey() {
  const { survey, courseGroups } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const questions = survey.questions.map((q) => ({
    id: q.id,
    text: q.text,
    type: q.type,
    required: q.required,
    options: q.options.join("\n"),
    scaleMax: q.scaleMax,
    key: q.key ?? "",
  }));
  return (
    <SurveyEditor
      key={survey.id}
      heading="Edit Survey"
      lastResult={lastResult}
      courseGroups={courseGroups}
      anonymousLocked={(survey.responseCount ?? 0) > 0}
      defaultValue={{
        title: survey.title,
        audience: survey.audience,
        description: survey.description ?? "",
        status: survey.status === "active",
        courses: survey.courses,
        graduationYears: survey.graduationYears.join(", "),
        anonymous: survey.anonymous,
        remindEveryDays: survey.remindEveryDays?.toString() ?? "",
        remindMax: survey.remindMax?.toString() ?? "",
        questions: questions.length ? questions : [BLANK_QUESTION],
      }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.survey.title} — Runway` : "Edit Survey — Runway" },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
