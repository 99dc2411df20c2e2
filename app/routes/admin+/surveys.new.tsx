/** /admin/surveys/new: the editor with one blank question. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { saveEditorForm } from "~/models/survey/editor.server";
import { BLANK_QUESTION, SurveyEditor } from "~/components/survey/survey-editor";
import { listCourseGroups } from "~/models/course/course.server";

export { handle, links } from "~/components/survey/admin-area";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ ctx }) => {
    return json({ courseGroups: await listCourseGroups(ctx.db) });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin-or-home", async ({ request, ctx }) => {
    const outcome = await saveEditorForm(ctx, await request.formData(), null);
    if ("saved" in outcome)
      return redirectWithFlash("/admin/surveys", { kind: "success", message: "Survey saved." });
    return json(outcome.reply, { status: outcome.status });
  })(args);
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
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
