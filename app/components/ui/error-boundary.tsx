/**
 * The one error boundary of the screens (ADR 084), in the shape of Epic Stack's
 * GeneralErrorBoundary: a handler per status a route answers itself (a 404 page, say), a default for
 * every other route error response, and one for unexpected errors (thrown values that are not a
 * response; the server turns them into a 500 or 503 with a Reference, app/lib/error-page.server.ts).
 * No stack, SQL or driver text ever reaches the page; the server logs them.
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorReference, UNAVAILABLE_TEXT } from "./error-reference";

/** Renders the page for a status (the status of a route error response, or 500 when unexpected). */
export type StatusHandler = (info: { status: number }) => React.ReactElement | null;

/** The sentence the standard error page shows for a status. */
export function errorDetail(status: number): string {
  switch (status) {
    case 400:
      return "The request contained something Runway cannot accept. Please check what you entered.";
    case 404:
      return "This page could not be found.";
    case 405:
      return "This page cannot handle that request.";
    case 503:
      return UNAVAILABLE_TEXT;
    default:
      return "Something went wrong on our side. Please try again in a moment.";
  }
}

/** The standard error page: 'Unexpected Application Error!', the detail, status and Reference. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <main className="error-page">
      <div className="error-card card">
        <svg className="error-art" viewBox="0 0 120 48" aria-hidden="true" focusable="false">
          <path d="M4 40h112" stroke="currentColor" strokeWidth="2" strokeDasharray="8 6" />
          <path d="M38 30l40-14-5 7-16 4 9 12-5 2-11-11-8 2z" fill="currentColor" />
        </svg>
        <h1>Unexpected Application Error!</h1>
        <p className="muted">{errorDetail(status)}</p>
        <p className="error-status">Error {status}</p>
        {/* The request id the server logged this failure under (app/lib/error-page.server.ts). */}
        <ErrorReference />
        <div className="row error-actions">
          {/* A full page load, in case client state is what broke. */}
          <a href="/" className="btn btn-primary">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}

/**
 * `statusHandlers[status]` for a route error response with that status, else `defaultStatusHandler`
 * (the standard error page unless given); `unexpectedErrorHandler` for anything else (by default
 * the default handler with status 500).
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = ({ status }) => <ErrorPage status={status} />,
  statusHandlers,
  unexpectedErrorHandler = () => defaultStatusHandler({ status: 500 }),
}: {
  defaultStatusHandler?: StatusHandler;
  statusHandlers?: Record<number, StatusHandler>;
  unexpectedErrorHandler?: (error: unknown) => React.ReactElement | null;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error))
    return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ status: error.status });
  return unexpectedErrorHandler(error);
}
