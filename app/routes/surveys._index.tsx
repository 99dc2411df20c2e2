/**
 * /surveys: the signed-in student's or alumnus's surveys to answer, with the same 'Take Survey'
 * dialog as the landing page (beyond the route table of §2.1; it gives the 'Available Surveys'
 * list a page of its own, and a no-JavaScript home for it). Admins go to /admin/surveys.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { listEligibleSurveys } from "~/models/survey/survey.server";
import { AvailableSurveys } from "~/components/survey/available-surveys";
import surveyStyles from "~/styles/surveys.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role === "admin") throw redirect("/admin/surveys");
  return json({ surveys: await listEligibleSurveys(await getDb(), user) });
}

export default function MySurveys() {
  const { surveys } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Surveys</h1>
      <AvailableSurveys surveys={surveys} heading="Available Surveys" emptyText="No surveys to answer" />
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Surveys — Runway" }];
