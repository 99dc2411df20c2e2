/** The client view's JSON is the replacer's text, byte for byte, whatever the shape. */
import { describe, expect, it } from "vitest";
import { apiReplacer, toApiJson } from "./api-view";

const URL_ = "https://runway.example.edu/";

describe("toApiJson", () => {
  it("writes the same text as JSON.stringify with the client view's replacer", () => {
    const created = new Date("2026-01-02T03:04:05Z");
    const samples: unknown[] = [
      null,
      "plain",
      [1, undefined, "x"],
      { logoUrl: "/files/a", avatarUrl: "//other.host/x", nested: { logoUrl: "/files/b" } },
      [
        {
          id: "j1",
          createdAt: created,
          company: { name: "Cebu Air", logoUrl: "/files/logo", website: null },
          licences: ["CAAP AMT"],
          skip: undefined,
        },
      ],
      {
        user: {
          course: { id: "c1", code: "BSAMT", name: "Aircraft Maintenance" },
          avatarUrl: "/files/u",
        },
      },
      { users: [{ course: { _id: "c2", name: "Avionics" }, courseId: "given" }] },
      { course: null, yearLevel: 2 },
      { course: null },
      { course: "already text" },
    ];
    for (const data of samples) {
      expect(toApiJson(data, URL_)).toBe(JSON.stringify(data, apiReplacer(URL_)));
    }
    expect(toApiJson({ logoUrl: "/files/a" }, URL_)).toBe(
      '{"logoUrl":"https://runway.example.edu/files/a"}',
    );
  });

  it("leaves the caller's data as it was", () => {
    const data = { company: { logoUrl: "/files/x" }, course: { name: "Avionics" } };
    const before = JSON.stringify(data);
    toApiJson(data, URL_);
    expect(JSON.stringify(data)).toBe(before);
  });
});
