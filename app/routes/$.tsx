import { redirect } from "@remix-run/node";

// Any other path redirects to /.
export const loader = () => redirect("/");
export const action = () => redirect("/");
