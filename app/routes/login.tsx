// Minimal sign-in (foundation). The accounts issue replaces the screen; the action's contract stays.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { authenticator, redirectWithFlash, requireAnonymous, safeRedirect, startSession } from "~/lib/auth.server";
import { DomainError } from "~/models/errors";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const form = await request.clone().formData();
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await startSession(request, user.id, form.get("remember") === "on");
    const to = user.role === "admin" ? "/dashboard" : safeRedirect(form.get("redirectTo"), "/");
    return redirectWithFlash(to, { kind: "success", message: "Logged in successfully" }, { "Set-Cookie": cookie });
  } catch (e) {
    if (e instanceof Response) throw e;
    const status = e instanceof DomainError ? e.status : 500;
    return json({ error: e instanceof DomainError ? e.message : "Login failed" }, { status });
  }
}

export default function Login() {
  const data = useActionData<typeof action>();
  return (
    <main>
      <h1>Sign in to your account</h1>
      {data?.error ? <p role="alert">{data.error}</p> : null}
      <Form method="post">
        <label>
          Email <input name="email" type="email" />
        </label>
        <label>
          Password <input name="password" type="password" />
        </label>
        <button type="submit">Sign in</button>
      </Form>
    </main>
  );
}
