/**
 * The page of a signed one-click unsubscribe link (RFC 8058): what was just done, what is already
 * so, or the question with its Unsubscribe button — a POST carrying the link's fields, so that link
 * scanners and previews unsubscribe nobody. `children`: the closing note under it.
 */
import { Form } from "@remix-run/react";
import { HiddenFields } from "./hidden-fields";

export function UnsubscribePage({
  title,
  done,
  already,
  question,
  fields,
  children,
}: {
  title: string;
  /** The success notice once the POST went through. */
  done: React.ReactNode;
  /** Said instead of the question when there is nothing left to stop. */
  already: React.ReactNode;
  question: React.ReactNode;
  /** The link's fields, posted back as hidden inputs in this order. */
  fields: Record<string, string>;
  children: React.ReactNode;
}) {
  return (
    <main className="page page-narrow">
      <h1>{title}</h1>
      {done ? (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      ) : already ? (
        <p className="card">{already}</p>
      ) : (
        <div className="card stack">
          <p>{question}</p>
          <Form method="post" replace>
            <HiddenFields fields={fields} />
            <button type="submit" className="btn btn-primary">
              Unsubscribe
            </button>
          </Form>
        </div>
      )}
      <p className="muted">{children}</p>
    </main>
  );
}
