/**
 * The boundary of the pages opened from a signed link, apart from the error page every page loads
 * (./error-boundary.tsx).
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "./error-boundary";

/**
 * The boundary of a page opened from a signed link (the unsubscribe pages): an invalid link (404)
 * shows its message inside the frame, under the page's own title; so does a body of a type the page
 * does not read (415), with the message it was answered with.
 */
export function BadLinkBoundary({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  const error = useRouteError();
  const page = (text: string, more?: React.ReactNode) => () => (
    <main className="page page-narrow">
      <h1>{title}</h1>
      <p className="alert alert-error" role="alert">
        {text}
      </p>
      {more}
    </main>
  );
  const sent = isRouteErrorResponse(error) ? String(error.data?.message ?? "") : "";
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: page(message, children), 415: page(sent) }} />
  );
}
