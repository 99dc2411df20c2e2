import { describe, expect, it } from "vitest";
import { feedUrl, LIMIT_DEFAULT, LIMIT_MAX, optionsFromDataset, parseOptions } from "./options";

describe("widget options", () => {
  it("has safe defaults", () => {
    expect(parseOptions()).toEqual({
      limit: LIMIT_DEFAULT,
      type: null,
      category: null,
      q: null,
      theme: "light",
      accent: null,
      title: "Latest jobs",
    });
  });

  it("reads data-* strings and clamps the limit", () => {
    expect(parseOptions({ limit: "3" }).limit).toBe(3);
    expect(parseOptions({ limit: 500 }).limit).toBe(LIMIT_MAX);
    expect(parseOptions({ limit: "0" }).limit).toBe(1);
    expect(parseOptions({ limit: "-4" }).limit).toBe(1);
    expect(parseOptions({ limit: "lots" }).limit).toBe(LIMIT_DEFAULT);
  });

  it("accepts only the spec's job types, light or dark, and real colours", () => {
    expect(parseOptions({ type: "Internship" }).type).toBe("internship");
    expect(parseOptions({ type: "part-time" }).type).toBe("part-time");
    expect(parseOptions({ type: "volunteer" }).type).toBeNull();
    expect(parseOptions({ theme: "DARK" }).theme).toBe("dark");
    expect(parseOptions({ theme: "neon" }).theme).toBe("light");
    for (const ok of ["#b45309", "#fff", "rgb(10, 20, 30)", "hsl(200 50% 40%)", "teal"])
      expect(parseOptions({ accent: ok }).accent).toBe(ok);
    for (const bad of [
      "red;background:url(https://evil.example/x)",
      "url(x)",
      "#12345g",
      "expression(alert(1))",
      "}",
    ])
      expect(parseOptions({ accent: bad }).accent).toBeNull();
  });

  it("trims text options and ignores non-strings", () => {
    expect(
      parseOptions({ q: "  aero  ", category: " Maintenance ", title: " Jobs for you " }),
    ).toMatchObject({
      q: "aero",
      category: "Maintenance",
      title: "Jobs for you",
    });
    expect(parseOptions({ q: "   ", category: { evil: true } })).toMatchObject({
      q: null,
      category: null,
    });
    expect(parseOptions({ q: "x".repeat(500) }).q).toHaveLength(100);
  });

  it("takes the documented data attributes from a script's dataset", () => {
    const ds = {
      limit: "4",
      type: "ojt",
      category: "Avionics",
      q: "radar",
      target: "#jobs",
      theme: "dark",
      accent: "#0f766e",
      other: "x",
    };
    expect(optionsFromDataset(ds)).toEqual({
      limit: "4",
      type: "ojt",
      category: "Avionics",
      q: "radar",
      target: "#jobs",
      theme: "dark",
      accent: "#0f766e",
      title: undefined,
    });
  });

  it("builds the feed URL on the Runway origin with only the filters that are set", () => {
    const o = "https://runway.example.edu";
    expect(feedUrl(o, parseOptions())).toBe(`${o}/api/public/jobs?limit=5`);
    expect(
      feedUrl(
        o,
        parseOptions({
          limit: 3,
          type: "full-time",
          category: "Flight Ops & Safety",
          q: "a320 pilot",
        }),
      ),
    ).toBe(
      `${o}/api/public/jobs?limit=3&type=full-time&category=Flight+Ops+%26+Safety&q=a320+pilot`,
    );
  });
});
