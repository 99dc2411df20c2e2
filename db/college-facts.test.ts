import { describe, expect, it } from "vitest";
import { INSTITUTE_COUNT, PROGRAMME_COUNT } from "./college-facts";
import { COURSES, INSTITUTES } from "./constants";

describe("the landing page's figures", () => {
  it("count the programmes and institutes the lists hold", () => {
    expect(PROGRAMME_COUNT).toBe(COURSES.length);
    expect(INSTITUTE_COUNT).toBe(INSTITUTES.length);
  });
});
