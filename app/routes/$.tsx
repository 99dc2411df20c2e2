import { redirect } from "@remix-run/node";

// Any other path redirects to / (spec §2.1).
export const loader = () => redirect("/");
export const action = () => redirect("/");
