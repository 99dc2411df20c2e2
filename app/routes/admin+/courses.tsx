/**
 * /admin/courses — the programmes and their required OJT hours: the default of a new
 * placement; while a programme has none, its coordinator enters the hours on each placement.
 * One small form per row, so it works without JavaScript.
 */
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { INSTITUTES } from "#db/constants";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { DataTable } from "~/components/data-table/data-table";
import { createColumnHelper } from "@tanstack/react-table";
import { listCourses, OJT_HOURS_MSG, setRequiredOjtHours } from "~/models/course/course.server";
import { PageHeader } from "~/components/layout/page-header";

export const meta: MetaFunction = () => [{ title: "Programmes · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ ctx }) => {
    const all = await listCourses(ctx.db);
    return json({
      courses: all.map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        institute: INSTITUTES.find((i) => i.id === c.institute)?.name ?? c.institute,
        requiredOjtHours: c.requiredOjtHours,
      })),
    });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, ctx, failJson }) => {
    const form = await request.formData();
    const id = String(form.get("id") ?? "");
    const raw = String(form.get("requiredOjtHours") ?? "").trim();
    const hours = raw === "" ? null : Number(raw);
    if (hours !== null && !Number.isInteger(hours))
      return json({ id, message: OJT_HOURS_MSG }, { status: 400 });
    failJson((err) => ({ id, message: err.message }));
    const c = await setRequiredOjtHours(ctx, id, hours);
    return redirectWithFlash("/admin/courses", {
      kind: "success",
      message: `${c.code}: ${c.requiredOjtHours === null ? "no required OJT hours" : `${c.requiredOjtHours} required OJT hours`}`,
    });
  })(args);
}

const col = createColumnHelper<SerializeFrom<typeof loader>["courses"][number]>();

export default function AdminCourses() {
  const { courses } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="page">
      <PageHeader title="Programmes" />
      <p className="muted">
        Required OJT hours are the default of a programme&apos;s new placements. Leave empty when
        the coordinators enter them per placement.
      </p>
      <div className="card table-wrap">
        <DataTable
          data={courses}
          columns={[
            col.accessor("code", { header: "Code" }),
            col.accessor("name", { header: "Programme" }),
            col.accessor("institute", { header: "Institute" }),
            col.display({
              id: "requiredOjtHours",
              header: "Required OJT hours",
              cell: ({ row: { original: c } }) => (
                <Form method="post" className="row" aria-label={`Required OJT hours of ${c.code}`}>
                  <input type="hidden" name="id" value={c.id} />
                  <input
                    type="number"
                    name="requiredOjtHours"
                    min={1}
                    max={5000}
                    step={1}
                    inputMode="numeric"
                    defaultValue={c.requiredOjtHours ?? ""}
                    aria-label={`Required OJT hours of ${c.code}`}
                    aria-invalid={failed?.id === c.id ? true : undefined}
                    style={{ width: "7rem" }}
                  />
                  <button type="submit" className="btn btn-sm" disabled={busy}>
                    Save
                  </button>
                  {failed?.id === c.id ? (
                    <span className="field-error" role="alert">
                      {failed.message}
                    </span>
                  ) : null}
                </Form>
              ),
            }),
            col.display({
              id: "documents",
              header: "OJT documents",
              cell: ({ row: { original: c } }) => (
                <Link
                  to={`/admin/courses/${c.id}/ojt-checklist`}
                  aria-label={`OJT document checklist of ${c.code}`}
                >
                  Checklist
                </Link>
              ),
            }),
          ]}
          empty="No programmes."
          rowKey={(c) => c.id}
        />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
