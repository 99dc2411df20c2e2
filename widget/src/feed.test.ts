import { describe, expect, it } from "vitest";
import { readFeed, reducer, safeUrl, type State } from "./feed";

const O = "https://runway.example.edu";
const job = (over: Record<string, unknown> = {}) => ({
  id: "j1",
  title: "Line Maintenance Intern",
  company: { name: "Seed Aviation Corp", logoUrl: `${O}/files/abc` },
  location: "Manila",
  jobType: "internship",
  categories: ["Maintenance"],
  postedAt: "2025-01-10T08:00:00.000Z",
  url: `${O}/jobs/j1`,
  ...over,
});

describe("feed reading", () => {
  it("keeps only http(s) URLs, resolved against the Runway origin", () => {
    expect(safeUrl("/jobs/1", O)).toBe(`${O}/jobs/1`);
    expect(safeUrl("https://other.example/x", O)).toBe("https://other.example/x");
    expect(safeUrl("javascript:alert(1)", O)).toBeNull();
    expect(safeUrl("data:text/html,<b>", O)).toBeNull();
    expect(safeUrl(42, O)).toBeNull();
    expect(safeUrl("", O)).toBeNull();
  });

  it("reads the contract and drops jobs without a title or a safe link", () => {
    const feed = readFeed(
      {
        jobs: [
          job(),
          job({ id: "j2", title: "" }),
          job({ id: "j3", url: "javascript:alert(1)" }),
          job({ id: "j4", company: null, location: 7, postedAt: "yesterday" }),
        ],
        total: 4,
        seeAllUrl: `${O}/jobs?jobType=internship`,
      },
      O,
      10,
    );
    expect(feed.jobs.map((j) => j.id)).toEqual(["j1", "j4"]);
    expect(feed.jobs[0]).toEqual({
      id: "j1",
      title: "Line Maintenance Intern",
      company: { name: "Seed Aviation Corp", logoUrl: `${O}/files/abc` },
      location: "Manila",
      jobType: "internship",
      postedAt: "2025-01-10T08:00:00.000Z",
      url: `${O}/jobs/j1`,
      licences: [],
      allowance: null,
    });
    expect(feed.jobs[1]).toMatchObject({
      company: { name: "", logoUrl: null },
      location: null,
      postedAt: "",
    });
    expect(feed.seeAllUrl).toBe(`${O}/jobs?jobType=internship`);
  });

  it("reads the allowance in words, and only as a non-empty string", () => {
    const feed = readFeed(
      {
        jobs: [
          job({ allowance: "PHP 15,000 a month" }),
          job({ id: "j2", allowance: 15000 }),
          job({ id: "j3" }),
        ],
      },
      O,
      10,
    );
    expect(feed.jobs.map((j) => j.allowance)).toEqual(["PHP 15,000 a month", null, null]);
  });

  it("never shows more than the limit and falls back to /jobs for a missing seeAllUrl", () => {
    const feed = readFeed(
      { jobs: [job({ id: "a" }), job({ id: "b" }), job({ id: "c" })], seeAllUrl: "javascript:x" },
      O,
      2,
    );
    expect(feed.jobs).toHaveLength(2);
    expect(feed.seeAllUrl).toBe(`${O}/jobs`);
  });

  it("reads licences as a list of non-empty strings only", () => {
    const feed = readFeed(
      {
        jobs: [
          job({ licences: ["CAAP AMT licence", 7, "", null, "A320 type rating"] }),
          job({ id: "j2", licences: "EWIS" }),
        ],
        seeAllUrl: `${O}/jobs`,
      },
      O,
      10,
    );
    expect(feed.jobs.map((j) => j.licences)).toEqual([
      ["CAAP AMT licence", "A320 type rating"],
      [],
    ]);
  });

  it("throws on a body that is not the contract (the widget shows its quiet error)", () => {
    for (const bad of [null, "x", {}, { jobs: "no" }, []])
      expect(() => readFeed(bad, O, 5)).toThrow();
  });

  it("moves from loading to ready or error, and ignores a late answer after an error", () => {
    const loading: State = { status: "loading" };
    const feed = { jobs: [], seeAllUrl: `${O}/jobs` };
    expect(reducer(loading, { type: "loaded", feed })).toEqual({ status: "ready", feed });
    const failed = reducer(loading, { type: "failed", seeAllUrl: `${O}/jobs` });
    expect(failed).toEqual({ status: "error", seeAllUrl: `${O}/jobs` });
    expect(reducer(failed, { type: "loaded", feed })).toBe(failed);
  });
});
