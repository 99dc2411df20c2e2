/**
 * The one mapping from a model's typed error to a screen's answer (and /api's status/headers).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  Conflict,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  ValidationError,
} from "~/lib/errors";
import { setLogSink } from "./log.server";
import {
  domainError,
  domainInit,
  formErrors,
  knownError,
  rethrowNotFound,
} from "./screen-errors.server";

const lines: string[] = [];
let restore: (() => void) | null = null;
afterEach(() => {
  lines.length = 0;
  restore?.();
  restore = null;
});
function captureLog() {
  restore = setLogSink((line) => lines.push(line));
}

describe("domainInit", () => {
  it("carries the error's status, and Retry-After for 429 and 503", () => {
    expect(domainInit(new Conflict("taken"))).toEqual({ status: 409 });
    expect(domainInit(new TooManyRequests("slow down", 30))).toEqual({
      status: 429,
      headers: { "Retry-After": "30" },
    });
    expect(domainInit(new ServiceUnavailable("busy", 5))).toEqual({
      status: 503,
      headers: { "Retry-After": "5" },
    });
  });
});

describe("domainError / knownError", () => {
  it("rethrows anything that is not a domain error", () => {
    const err = new TooManyRequests("Too many attempts", 60);
    expect(domainError(err)).toBe(err);
    const boom = new Error("db down");
    expect(() => domainError(boom)).toThrow(boom);
    const redirect = new Response(null, { status: 302 });
    try {
      domainError(redirect);
      expect.unreachable();
    } catch (e) {
      expect(e).toBe(redirect);
    }
  });

  it("gives a domain error back and logs nothing", () => {
    captureLog();
    expect(knownError(new Conflict("Email taken"), "scope")).toBeInstanceOf(Conflict);
    expect(knownError(new NotFound("gone"), "s")).toBeInstanceOf(NotFound);
    expect(lines).toEqual([]);
  });

  it("logs an unexpected failure under the scope and gives null", () => {
    captureLog();
    expect(knownError(new Error("connection reset"), "admin/x")).toBeNull();
    expect(lines.join("\n")).toContain("admin/x");
  });
});

describe("formErrors", () => {
  const withFields = new ValidationError("Invalid", { email: ["Bad email"] });
  const plain = new Conflict("Already exists");
  it("gives the message, the message and fields, or the fields else the message", () => {
    expect(formErrors(withFields, "message")).toEqual({ formErrors: ["Invalid"] });
    expect(formErrors(withFields, "message-and-fields")).toEqual({
      formErrors: ["Invalid"],
      fieldErrors: { email: ["Bad email"] },
    });
    expect(formErrors(withFields, "fields-or-message")).toEqual({
      formErrors: [],
      fieldErrors: { email: ["Bad email"] },
    });
    expect(formErrors(plain, "fields-or-message")).toEqual({
      formErrors: ["Already exists"],
      fieldErrors: {},
    });
  });
});

describe("rethrowNotFound", () => {
  it("turns a 404 into a route error response with the screen's message", async () => {
    let thrown: unknown;
    try {
      rethrowNotFound(new NotFound("Job not found in db"), "Job not found");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).json()).toEqual({ message: "Job not found" });
  });

  it("rethrows other errors unchanged", () => {
    const e = new Conflict("x");
    expect(() => rethrowNotFound(e, "gone")).toThrow(e);
  });
});
