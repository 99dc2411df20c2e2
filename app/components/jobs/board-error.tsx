/**
 * The error page of a board screen (a job, a company): its own "not found" words for a 404, the
 * shared words for an outage or anything else, the error reference, and a way back to the board.
 */
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ErrorReference, UNAVAILABLE_TEXT } from "~/components/ui/error-reference";

export function BoardErrorBoundary({
  notFoundTitle,
  notFoundBody,
}: {
  notFoundTitle: string;
  notFoundBody: string;
}) {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ status }) => (
        <main className="page">
          <h1>{status === 404 ? notFoundTitle : "Unexpected Application Error!"}</h1>
          <p>
            {status === 404
              ? notFoundBody
              : status === 503
                ? UNAVAILABLE_TEXT
                : "Something went wrong. Please try again."}
          </p>
          <ErrorReference />
          <p>
            <Link to="/jobs">Browse all jobs</Link>
          </p>
        </main>
      )}
    />
  );
}
