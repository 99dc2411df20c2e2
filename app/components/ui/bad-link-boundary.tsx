/**
 * The boundary of the pages opened from a signed link, apart from the error page every page loads
 * (./error-boundary.tsx).
 */
import { GeneralErrorBoundary } from "./error-boundary";

/**
 * The boundary of a page opened from a signed link (the unsubscribe pages): an invalid link (404)
 * shows its message inside the frame, under the page's own title.
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
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <main className="page page-narrow">
            <h1>{title}</h1>
            <p className="alert alert-error" role="alert">
              {message}
            </p>
            {children}
          </main>
        ),
      }}
    />
  );
}
