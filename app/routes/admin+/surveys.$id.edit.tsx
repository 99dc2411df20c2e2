/** /admin/surveys/{id}/edit: question ids stay stable across saves (see updateSurvey). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { saveEditorForm } from "~/models/survey/editor.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import { getSurvey } from "~/models/survey/survey.server";
import { BLANK_QUESTION, SurveyEditor } from "~/components/survey/survey-editor";
import { listCourseGroups } from "~/models/course/course.server";

export { handle, links } from "~/components/survey/admin-area";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ params, ctx, onDomainError }) => {
    // A load failure alerts 'Failed to load survey.' and goes to /admin/surveys.
    onDomainError(() =>
      redirectWithFlash("/admin/surveys", { kind: "error", message: SURVEY_MSG.loadFailed }),
    );
    const survey = await getSurvey(ctx, params.id ?? "");
    return json({ survey, courseGroups: await listCourseGroups(ctx.db) });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin-or-home", async ({ request, params, ctx }) => {
    const outcome = await saveEditorForm(ctx, await request.formData(), params.id ?? "");
    if ("saved" in outcome)
      return redirectWithFlash("/admin/surveys", { kind: "success", message: "Survey saved." });
    return json(outcome.reply, { status: outcome.status });
  })(args);
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
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
