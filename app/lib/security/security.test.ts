import { describe, expect, it } from "vitest";
import {
  checkRequestTarget,
  isDataError,
  NulScanner,
  nulScannerFor,
  sqlState,
} from "./bad-input.server";
import {
  BodyCounter,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  parseContentLength,
  UPLOAD_BODY_LIMIT,
} from "./body-limit.server";
import { checkApiContentType, mediaType } from "./content-type.server";
import { contentSecurityPolicy, securityHeaders } from "./headers.server";
import { allowedOrigins, checkOrigin, type OriginInput } from "./origin.server";

const allowed = allowedOrigins("https://runway.example.edu/", ["https://portal.example.edu"]);
const post = (o: Partial<OriginInput>): OriginInput => ({
  method: "POST",
  path: "/admin/users",
  origin: null,
  secFetchSite: null,
  authorization: null,
  ...o,
});

describe("checkOrigin", () => {
  it("lets safe methods through whatever they carry", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"])
      expect(checkOrigin(post({ method, origin: "https://evil.example" }), allowed).ok).toBe(true);
  });

  it("accepts Runway's own origin and the API_CORS_ORIGINS, in canonical form", () => {
    expect(checkOrigin(post({ origin: "https://runway.example.edu" }), allowed).ok).toBe(true);
    expect(checkOrigin(post({ origin: "https://RUNWAY.example.edu:443" }), allowed).ok).toBe(true);
    expect(checkOrigin(post({ origin: "https://portal.example.edu" }), allowed).ok).toBe(true);
  });

  it("refuses other ports, subdomains, schemes, null and garbage", () => {
    for (const origin of [
      "https://runway.example.edu:8443",
      "http://runway.example.edu",
      "https://evil.runway.example.edu",
      "https://runway.example.edu.evil.example",
      "null",
      "",
      "javascript:alert(1)",
      "not a url",
    ])
      expect(checkOrigin(post({ origin }), allowed).ok, origin).toBe(false);
  });

  it("falls back to Sec-Fetch-Site: same-origin passes, same-site and cross-site do not", () => {
    expect(checkOrigin(post({ secFetchSite: "same-origin" }), allowed).ok).toBe(true);
    expect(checkOrigin(post({ secFetchSite: "none" }), allowed).ok).toBe(true);
    expect(checkOrigin(post({ secFetchSite: "same-site" }), allowed).ok).toBe(false);
    expect(checkOrigin(post({ secFetchSite: "cross-site" }), allowed).ok).toBe(false);
  });

  it("trusts Origin over Sec-Fetch-Site when both are sent", () => {
    expect(
      checkOrigin(post({ origin: "https://evil.example", secFetchSite: "same-origin" }), allowed)
        .ok,
    ).toBe(false);
    expect(
      checkOrigin(
        post({ origin: "https://portal.example.edu", secFetchSite: "cross-site" }),
        allowed,
      ).ok,
    ).toBe(true);
  });

  it("passes a client with neither header (not a browser)", () => {
    expect(checkOrigin(post({}), allowed).ok).toBe(true);
  });

  it("exempts bearer-token calls to /api only", () => {
    const bearer = { origin: "https://evil.example", authorization: "Bearer abc" };
    expect(checkOrigin(post({ ...bearer, path: "/api/admin/users" }), allowed).ok).toBe(true);
    expect(checkOrigin(post({ ...bearer, path: "/admin/users" }), allowed).ok).toBe(false);
    expect(checkOrigin(post({ ...bearer, path: "/apix/users" }), allowed).ok).toBe(false);
    expect(
      checkOrigin(
        post({ origin: "https://evil.example", authorization: "Bearer ", path: "/api/x" }),
        allowed,
      ).ok,
    ).toBe(false);
    expect(
      checkOrigin(
        post({ origin: "https://evil.example", authorization: "Basic abc", path: "/api/x" }),
        allowed,
      ).ok,
    ).toBe(false);
  });
});

describe("checkApiContentType", () => {
  const api = (path: string, contentType: string | null, hasBody = true, method = "POST") =>
    checkApiContentType({ method, path, contentType, hasBody });

  it("accepts JSON (any case, with parameters) and refuses what a form can send", () => {
    expect(api("/api/admin/users", "application/json")).toBeNull();
    expect(api("/api/admin/users", "Application/JSON; charset=utf-8")).toBeNull();
    expect(api("/api/admin/users", "text/plain")).toMatch(/application\/json/);
    expect(api("/api/admin/users", "application/x-www-form-urlencoded")).toMatch(
      /application\/json/,
    );
    expect(api("/api/admin/users", "multipart/form-data; boundary=x")).toMatch(/application\/json/);
    expect(api("/api/admin/users", "text/plain; x=application/json")).toMatch(/application\/json/);
    expect(api("/api/admin/users", null)).toMatch(/application\/json/);
  });

  it("takes multipart only on the upload endpoints", () => {
    expect(api("/api/profile/picture", "multipart/form-data; boundary=x")).toBeNull();
    expect(api("/api/upload/logo", "application/json")).toMatch(/multipart/);
  });

  it("lets an empty body without type, safe methods and non-API paths through", () => {
    expect(api("/api/auth/logout", null, false)).toBeNull();
    expect(api("/api/jobs", "text/plain", true, "GET")).toBeNull();
    expect(api("/login", "text/plain")).toBeNull();
  });

  it("parses media types", () => {
    expect(mediaType(" Text/Plain ; charset=x")).toBe("text/plain");
    expect(mediaType(undefined)).toBe("");
  });
});

describe("body limits", () => {
  it("gives uploads their own cap and everything else 1 MB", () => {
    expect(bodyLimitFor("/login", "application/x-www-form-urlencoded").bytes).toBe(
      DEFAULT_BODY_LIMIT,
    );
    expect(bodyLimitFor("/api/profile/picture", "multipart/form-data; boundary=a").bytes).toBe(
      UPLOAD_BODY_LIMIT,
    );
    expect(bodyLimitFor("/profile/", "multipart/form-data; boundary=a").bytes).toBe(
      UPLOAD_BODY_LIMIT,
    );
    // Multipart to a route without a file input gets no more than a form.
    expect(bodyLimitFor("/login", "multipart/form-data; boundary=a").bytes).toBe(
      DEFAULT_BODY_LIMIT,
    );
    expect(bodyLimitFor("/api/profile/picture", "application/json").bytes).toBe(DEFAULT_BODY_LIMIT);
    // The employer's company form takes a logo as large as every other upload.
    expect(bodyLimitFor("/employer/company", "multipart/form-data; boundary=a").bytes).toBe(
      UPLOAD_BODY_LIMIT,
    );
    expect(bodyLimitFor("/upload/logo", "multipart/form-data").message).toBe(
      "The image is larger than 2 MB.",
    );
  });

  it("counts up to the limit and refuses the first byte over it", () => {
    const c = new BodyCounter(10);
    expect(c.add(6)).toBe(true);
    expect(c.add(4)).toBe(true);
    expect(c.exceeded).toBe(false);
    expect(c.add(1)).toBe(false);
    expect(c.exceeded).toBe(true);
    expect(c.received).toBe(11);
  });

  it("parses Content-Length strictly", () => {
    expect(parseContentLength(undefined)).toBeNull();
    expect(parseContentLength("42")).toBe(42);
    expect(parseContentLength("-1")).toBeNaN();
    expect(parseContentLength("1e9")).toBeNaN();
    expect(parseContentLength("12, 12")).toBeNaN();
  });
});

describe("bad input", () => {
  it("refuses malformed percent-encoding and NUL in path or query", () => {
    expect(checkRequestTarget("/jobs?q=wing%20spar")).toBeNull();
    expect(checkRequestTarget("/jobs?q=%E2%9C%88")).toBeNull();
    expect(checkRequestTarget("/jobs?q=100%")).not.toBeNull();
    expect(checkRequestTarget("/api/jobs/%ZZ")).not.toBeNull();
    expect(checkRequestTarget("/jobs?q=%E0%A4%A")).not.toBeNull();
    expect(checkRequestTarget("/jobs?q=%E0%A4")).not.toBeNull();
    expect(checkRequestTarget("/jobs/feed.xml?location=%00")).not.toBeNull();
    expect(checkRequestTarget("/%00")).not.toBeNull();
  });

  it("finds SQLSTATE class 22 through drizzle's wrapper", () => {
    const pg = Object.assign(new Error("invalid byte sequence"), { code: "22021" });
    const wrapped = Object.assign(new Error("Failed query: select …"), { cause: pg });
    expect(sqlState(wrapped)).toBe("22021");
    expect(isDataError(wrapped)).toBe(true);
    expect(isDataError(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDataError(Object.assign(new Error("fs"), { code: "ENOENT" }))).toBe(false);
    expect(isDataError(null)).toBe(false);
  });

  it("scans form and JSON bodies for NUL across chunk boundaries", () => {
    const form = new NulScanner("form");
    expect(form.push(Buffer.from("email=a%"))).toBe(false);
    expect(form.push(Buffer.from("00b"))).toBe(true);
    const json = new NulScanner("json");
    expect(json.push(Buffer.from('{"a":"x\\u00'))).toBe(false);
    expect(json.push(Buffer.from('00"}'))).toBe(true);
    expect(new NulScanner("json").push(Buffer.from([123, 0, 125]))).toBe(true);
    expect(new NulScanner("form").push(Buffer.from("q=100%25"))).toBe(false);
    expect(nulScannerFor("multipart/form-data; boundary=x")).toBeNull();
  });
});

describe("security headers", () => {
  const base = {
    path: "/jobs",
    contentType: "text/html; charset=utf-8",
    isData: false,
    signedIn: false,
    nonce: "abc",
    hsts: false,
  };

  it("puts a nonce CSP, COOP and Permissions-Policy on HTML only", () => {
    const h = securityHeaders(base);
    expect(h["Content-Security-Policy"]).toBe(contentSecurityPolicy("abc", "/jobs"));
    expect(contentSecurityPolicy("abc", "/admin/users")).toMatch(/form-action 'self'$/);
    expect(h["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc'");
    expect(h["Content-Security-Policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ])
      expect(h["Content-Security-Policy"]).toContain(d);
    expect(h["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(h["Permissions-Policy"]).toContain("camera=()");
    const api = securityHeaders({ ...base, path: "/api/jobs", contentType: "application/json" });
    expect(api["X-Content-Type-Options"]).toBe("nosniff");
    expect(api["Content-Security-Policy"]).toBeUndefined();
  });

  it("no-store for signed-in pages and data, no-referrer on reset, HSTS when asked", () => {
    expect(securityHeaders({ ...base, signedIn: true })["Cache-Control"]).toBe("private, no-store");
    expect(
      securityHeaders({ ...base, signedIn: true, contentType: "application/json", isData: true })[
        "Cache-Control"
      ],
    ).toBe("private, no-store");
    expect(securityHeaders(base)["Cache-Control"]).toBeUndefined();
    expect(securityHeaders({ ...base, path: "/reset-password" })["Referrer-Policy"]).toBe(
      "no-referrer",
    );
    expect(securityHeaders({ ...base, hsts: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("hardenBuild", () => {
  it("turns a database data error from a loader or action into a 400 {message}, and leaves others alone", async () => {
    const { hardenBuild } = await import("./server.server");
    const dataError = Object.assign(new Error("Failed query: select $1"), {
      cause: Object.assign(new Error("invalid input syntax for type integer"), { code: "22P02" }),
    });
    const other = new Error("boom");
    const build = {
      routes: {
        a: {
          id: "a",
          path: "a",
          module: { default: () => null, loader: async () => Promise.reject(dataError) },
        },
        b: { id: "b", path: "b", module: { action: async () => Promise.reject(other) } },
      },
    } as never;
    const hardened = hardenBuild(build) as unknown as {
      routes: Record<
        string,
        {
          module: {
            loader?: (a: unknown) => Promise<unknown>;
            action?: (a: unknown) => Promise<unknown>;
          };
        }
      >;
    };
    const request = new Request("http://x/a?id=%00");
    const warn = console.warn;
    console.warn = () => {};
    try {
      const thrown = await hardened.routes.a.module.loader!({ request }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      const body = await (thrown as Response).text();
      expect(body).not.toContain("select");
      expect(JSON.parse(body).message).toMatch(/not allowed/);
      await expect(hardened.routes.b.module.action!({ request })).rejects.toBe(other);
    } finally {
      console.warn = warn;
    }
  });
});

describe("newNonce", () => {
  it("gives 16 random bytes in base64, never the same twice across refills of its pool", async () => {
    const { newNonce } = await import("./server.server");
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});
