import { describe, expect, it } from "vitest";
import {
  QueryError,
  boardSearch,
  categoriesField,
  isPubliclyVisible,
  parseJobListQuery,
  searchWords,
} from "./job.schema";

const parse = (qs: string, strict = true) =>
  parseJobListQuery(new URLSearchParams(qs), { strict, maxLimit: 50 });

describe("job list parameters", () => {
  it("reads filters, aliases and defaults", () => {
    expect(parse("")).toEqual({
      q: "",
      jobType: "",
      location: "",
      category: "",
      licence: "",
      status: "",
      approvedOnly: null,
      includeCompany: true,
      page: 1,
      limit: null,
      notices: [],
    });
    expect(
      parse(
        "q=%20aero%20&type=OJT&location=Pasay&category=Avionics&licence=%20EWIS%20&status=ALL&approvedOnly=1&includeCompany=false&page=3&limit=500",
      ),
    ).toEqual({
      q: "aero",
      jobType: "ojt",
      location: "Pasay",
      category: "Avionics",
      licence: "EWIS",
      status: "all",
      approvedOnly: true,
      includeCompany: false,
      page: 3,
      limit: 50,
      notices: [],
    });
    expect(parse("jobType=contract&type=ojt").jobType).toBe("contract");
    expect(parse("limit=0").limit).toBe(1);
  });

  it("rejects bad values in strict mode and falls back in lenient mode", () => {
    for (const qs of [
      "limit=x",
      "limit=1.5",
      "limit=-2",
      "page=0",
      "page=x",
      "type=gig",
      "status=open",
      "approvedOnly=perhaps",
      `q=${"q".repeat(201)}`,
      `licence=${"l".repeat(81)}`,
    ])
      expect(() => parse(qs), qs).toThrow(QueryError);
    expect(parse("limit=x&page=0&type=gig&status=open&approvedOnly=perhaps", false)).toMatchObject({
      limit: null,
      page: 1,
      jobType: "",
      status: "",
      approvedOnly: null,
    });
  });

  it("cuts an over-long search on screens to the limit and says so (never empties it)", () => {
    const q = parse(`q=${"ramp ".repeat(50)}&location=${"p".repeat(150)}`, false);
    expect(q.q).toBe("ramp ".repeat(40).trim());
    expect(q.location).toBe("p".repeat(100));
    expect(q.notices).toEqual([
      "Search shortened to 200 characters",
      "Location shortened to 100 characters",
    ]);
    // Never half a surrogate pair.
    expect(parse(`q=${"a".repeat(199)}${"😀".repeat(5)}`, false).q).toBe("a".repeat(199));
  });

  it("builds the board URL from the filters in use only", () => {
    expect(
      boardSearch({ q: " aero ", type: "ojt", location: "", category: "Avionics & IT", page: 2 }),
    ).toBe("?q=aero&type=ojt&category=Avionics+%26+IT&page=2");
    expect(boardSearch({})).toBe("");
  });

  it("turns any input into plain search words", () => {
    expect(searchWords("  Aéro-Space & (A320) | !x:* 'quoted' ")).toEqual([
      "aéro",
      "space",
      "a320",
      "x",
      "quoted",
    ]);
    expect(searchWords("ｆｕｌｌｗｉｄｔｈ")).toEqual(["fullwidth"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("")).toEqual([]);
  });

  it("normalises categories and applies the visibility rule", () => {
    expect(categoriesField.parse(["Avionics, IT", " avionics", ""])).toEqual(["Avionics", "IT"]);
    expect(categoriesField.parse(null)).toEqual([]);
    expect(isPubliclyVisible({ isApproved: true, status: "active" })).toBe(true);
    expect(isPubliclyVisible({ isApproved: true, status: null })).toBe(true);
    expect(isPubliclyVisible({ isApproved: false, status: "active" })).toBe(false);
    expect(isPubliclyVisible({ isApproved: true, status: "closed" })).toBe(false);
  });
});
