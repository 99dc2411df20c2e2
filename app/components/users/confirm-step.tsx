/**
 * The confirmation step used without JavaScript (with it, window.confirm asks instead): the spec's text
 * and a form that repeats the action with `confirm=yes`, or Cancel back to the list.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { confirmText } from "~/models/user/admin.schema";
import type { UserRowView } from "./types";

export function ConfirmStep({ intent, user }: { intent: "toggle" | "delete"; user: UserRowView }) {
  const { search } = useLocation();
  const back = new URLSearchParams(search);
  for (const k of ["confirm", "id", "created", "error"]) back.delete(k);
  const backHref = `/admin/users${back.size ? `?${back}` : ""}`;
  const text = intent === "delete" ? confirmText.delete(user) : confirmText.toggle(user);
  return (
    <section className="card confirm-step" aria-labelledby="confirm-title" role="alertdialog">
      <h2 id="confirm-title">{text}</h2>
      <Form method="post" action={backHref} className="row">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={user._id} />
        {intent === "toggle" ? (
          <input type="hidden" name="isActive" value={String(!user.isActive)} />
        ) : null}
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          className={`btn ${intent === "delete" ? "btn-danger" : "btn-primary"}`}
        >
          {intent === "delete" ? "Delete" : user.isActive ? "Deactivate" : "Activate"}
        </button>
        <Link to={backHref} className="btn">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
