import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

/** What an error page may say about a failure (see app/lib/error-page.server.ts). */
export function errorInfo(error: unknown): {
  status: number;
  reference: string | null;
  unavailable: boolean;
} {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as { reference?: unknown } | null) : null;
  const reference = typeof data?.reference === "string" ? data.reference : null;
  return { status, reference, unavailable: status === 503 };
}

export const UNAVAILABLE_TEXT = "The service is briefly unavailable. Please try again in a moment.";

/** "Reference: <request id>" under an error, so a user can quote it and the log be searched. */
export function ErrorReference() {
  const { reference } = errorInfo(useRouteError());
  return reference ? <p className="muted error-reference">Reference: {reference}</p> : null;
}
