import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortCategories } from "./job.server";

describe("sortCategories", () => {
  it("orders as localeCompare does (case-blind in English, then exact)", () => {
    const byLocaleCompare = (list: string[]) =>
      [...list].sort(
        (a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || a.localeCompare(b),
      );
    const words = [
      "Avionics",
      "avionics",
      "Ávionics",
      "aero",
      "Ground Handling",
      "ß",
      "ss",
      "",
      "10",
      "9",
    ];
    expect(sortCategories([...words])).toEqual(byLocaleCompare(words));
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme-composite" }), { maxLength: 30 }),
        (list) => {
          expect(sortCategories([...list])).toEqual(byLocaleCompare(list));
        },
      ),
    );
  });
});
