import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession, redirectWithFlash } from "~/web/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  const cookie = await endSession(request);
  return redirectWithFlash("/", { kind: "info", message: "Logged out" }, { "Set-Cookie": cookie });
}

export const loader = () => redirect("/");
