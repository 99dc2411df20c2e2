/**
 * The shared error boundary, rendered by a real data router on the server: the handler for the
 * status, else the standard page with the spec's texts, and a 500 page for an unexpected error
 * with no stack or message of the error on it.
 */
import { json } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../../tests/setup/render";
import { GeneralErrorBoundary } from "./error-boundary";

async function render(thrown: unknown, boundary: React.ReactElement = <GeneralErrorBoundary />) {
  const routes = [
    {
      id: "screen",
      path: "/",
      loader: () => {
        throw thrown;
      },
      Component: () => <p>page</p>,
      ErrorBoundary: () => boundary,
    },
  ];
  return renderRoutes(routes);
}

describe("GeneralErrorBoundary", () => {
  it("shows the standard page with the spec's text for each status", async () => {
    const html = await render(json({ message: "x" }, { status: 404 }));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("This page could not be found.");
    expect(html).toContain("Error <!-- -->404");
    expect(await render(json(null, { status: 400 }))).toContain(
      "The request contained something Runway cannot accept. Please check what you entered.",
    );
    expect(await render(json(null, { status: 405 }))).toContain(
      "This page cannot handle that request.",
    );
    expect(await render(json({ reference: "req-1" }, { status: 503 }))).toContain(
      "The service is briefly unavailable. Please try again in a moment.",
    );
  });

  it("shows the request's Reference when the server gave one", async () => {
    const html = await render(json({ reference: "req-42" }, { status: 500 }));
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(html).toContain("Reference: <!-- -->req-42");
  });

  it("uses the handler for the status, else the default handler", async () => {
    const boundary = (
      <GeneralErrorBoundary
        statusHandlers={{ 404: () => <h1>Job not found</h1> }}
        defaultStatusHandler={({ status }) => <h1>Failed with {status}</h1>}
      />
    );
    expect(await render(json(null, { status: 404 }), boundary)).toContain("Job not found");
    expect(await render(json(null, { status: 409 }), boundary)).toContain(
      "Failed with <!-- -->409",
    );
    // An unexpected error goes to the default handler as a 500 unless a handler is given.
    expect(await render(new Error("boom"), boundary)).toContain("Failed with <!-- -->500");
  });

  it("never shows an unexpected error's message or stack", async () => {
    const html = await render(new Error("relation users does not exist at db.ts:12"));
    expect(html).toContain("Error <!-- -->500");
    expect(html).not.toContain("relation users");
    expect(html).not.toContain("db.ts");
    const custom = await render(
      new Error("secret"),
      <GeneralErrorBoundary unexpectedErrorHandler={() => <p>Oops</p>} />,
    );
    expect(custom).toContain("Oops");
    expect(custom).not.toContain("secret");
  });
});
