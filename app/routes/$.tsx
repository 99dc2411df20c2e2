import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { screen } from "~/web/screen.server";

// Any other path redirects to /.
export function loader(args: LoaderFunctionArgs) {
  return screen("none", async () => redirect("/"))(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("none", async () => redirect("/"))(args);
}
