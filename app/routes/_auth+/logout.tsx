import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession, redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";

// Signing out needs no guard: ending a session that is not there is a no-op.
export function action(args: ActionFunctionArgs) {
  return screen("none", async ({ request }) => {
    const cookie = await endSession(request);
    return redirectWithFlash(
      "/",
      { kind: "info", message: "Logged out" },
      { "Set-Cookie": cookie },
    );
  })(args);
}

export function loader(args: LoaderFunctionArgs) {
  return screen("none", async () => redirect("/"))(args);
}
