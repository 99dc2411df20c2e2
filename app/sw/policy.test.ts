/** The service worker's caching rules: what is kept, where, for whom — and what never is. */
import { describe, expect, it } from "vitest";
import {
  ASSETS_CACHE,
  decide,
  isNoStore,
  mayKeep,
  outdatedCaches,
  PUBLIC_CACHE,
  staleUserCaches,
  userCache,
  type Decision,
  type ResponseFacts,
} from "./policy";

const origin = "https://runway.example.edu";
const survey = "/surveys/0b9d6a3c-4f7e-4c1a-9a55-2b8f0d7e6c11";
const nav = (path: string, method = "GET") => ({
  method,
  url: `${origin}${path}`,
  mode: "navigate",
});
const sub = (path: string) => ({ method: "GET", url: `${origin}${path}`, mode: "cors" });

const ok = (over: Partial<ResponseFacts> = {}): ResponseFacts => ({
  status: 200,
  redirected: false,
  type: "basic",
  cacheControl: null,
  contentType: "text/html; charset=utf-8",
  ...over,
});

describe("decide", () => {
  it("keeps build assets, the survey answering screen (one copy per survey) and the job board", () => {
    expect(decide(sub("/build/root-ABC.js"), origin)).toEqual({ kind: "asset" });
    expect(decide(sub("/build/_assets/surveys-X.css"), origin)).toEqual({ kind: "asset" });
    expect(decide(nav(survey), origin)).toEqual({ kind: "survey", key: `${origin}${survey}` });
    // The invitation's token only records the opening: the same copy.
    expect(decide(nav(`${survey}?invite=abc`), origin)).toEqual({
      kind: "survey",
      key: `${origin}${survey}`,
    });
    expect(decide(nav("/jobs?q=avionics"), origin)).toEqual({
      kind: "board",
      key: `${origin}/jobs?q=avionics`,
    });
  });

  it("never takes over the API, data requests, writes, other origins or other pages' subresources", () => {
    const pass: Decision = { kind: "pass" };
    expect(decide(sub("/api/auth/me"), origin)).toEqual(pass);
    expect(decide(nav("/api/surveys/active/eligible"), origin)).toEqual(pass);
    expect(decide(sub(`${survey}?_data=routes%2Fsurveys.%24id`), origin)).toEqual(pass);
    expect(decide(nav(`${survey}?_data=routes%2Fsurveys.%24id`), origin)).toEqual(pass);
    expect(decide(nav(survey, "POST"), origin)).toEqual(pass);
    expect(decide(sub("/build/x.js"), "https://other.example")).toEqual(pass);
    expect(decide({ method: "GET", url: "not a url", mode: "navigate" }, origin)).toEqual(pass);
    expect(decide(sub("/files/logo-1"), origin)).toEqual(pass);
    expect(decide(sub("/sw.js"), origin)).toEqual(pass);
  });

  it("answers other pages from the network, with an offline page only when there is none", () => {
    for (const p of ["/dashboard", "/profile", `${survey}/responses`, "/surveys/not-a-uuid", "/"])
      expect(decide(nav(p), origin)).toEqual({ kind: "page" });
  });
});

describe("mayKeep", () => {
  const surveyD = decide(nav(survey), origin);
  const boardD = decide(nav("/jobs"), origin);
  const asset = decide(sub("/build/a.js"), origin);

  it("keeps the survey screen marked private, no-cache for its user, and public copies of the board", () => {
    expect(mayKeep(surveyD, ok({ cacheControl: "private, no-cache" }))).toBe(true);
    expect(mayKeep(boardD, ok())).toBe(true);
    expect(mayKeep(boardD, ok({ cacheControl: "public, max-age=60" }))).toBe(true);
    expect(
      mayKeep(
        asset,
        ok({ cacheControl: "public, max-age=31536000, immutable", contentType: "text/javascript" }),
      ),
    ).toBe(true);
  });

  it("never keeps a no-store answer, a private answer in a shared cache, a redirect or an error", () => {
    for (const d of [surveyD, boardD, asset]) {
      expect(mayKeep(d, ok({ cacheControl: "private, no-store" }))).toBe(false);
      expect(mayKeep(d, ok({ cacheControl: "no-store" }))).toBe(false);
      expect(mayKeep(d, ok({ cacheControl: "max-age=0,no-store" }))).toBe(false);
      expect(mayKeep(d, ok({ redirected: true }))).toBe(false);
      expect(mayKeep(d, ok({ status: 404 }))).toBe(false);
      expect(mayKeep(d, ok({ status: 503 }))).toBe(false);
      expect(mayKeep(d, ok({ type: "opaque" }))).toBe(false);
    }
    // A signed-in board is private: never in the shared cache.
    expect(mayKeep(boardD, ok({ cacheControl: "private, no-cache" }))).toBe(false);
    // A survey screen answered as JSON (an error page of the API kind) is not a page to keep.
    expect(mayKeep(surveyD, ok({ contentType: "application/json" }))).toBe(false);
    expect(mayKeep({ kind: "page" }, ok())).toBe(false);
    expect(mayKeep({ kind: "pass" }, ok())).toBe(false);
  });

  it("reads no-store as a directive, not as a substring", () => {
    expect(isNoStore("no-store")).toBe(true);
    expect(isNoStore("private,no-store")).toBe(true);
    expect(isNoStore("no-cache")).toBe(false);
    expect(isNoStore(null)).toBe(false);
  });
});

describe("caches per user", () => {
  const names = [ASSETS_CACHE, PUBLIC_CACHE, userCache("u1"), userCache("u2"), "runway-assets-v0"];

  it("keeps only the signed-in person's cache; signed out, nobody's", () => {
    expect(staleUserCaches(names, "u1")).toEqual([userCache("u2")]);
    expect(staleUserCaches(names, null)).toEqual([userCache("u1"), userCache("u2")]);
    expect(staleUserCaches(names, "u3")).toEqual([userCache("u1"), userCache("u2")]);
  });

  it("drops shared caches of earlier versions, never a user's or the current ones", () => {
    expect(outdatedCaches([...names, "someone-elses-cache"])).toEqual(["runway-assets-v0"]);
  });
});
