import { describe, expect, it } from "vitest";
import {
  answersFromForm,
  canonicalType,
  checkAnswers,
  editorFormToInput,
  effectiveType,
  formatAnswer,
  splitOptions,
  surveyInputSchema,
} from "./survey.schema";

describe("question types (aliases)", () => {
  it("maps every accepted alias onto the stored type; unknown types read as text inputs", () => {
    const aliasesOf: Record<string, string[]> = {
      short_text: ["text", "short", "short_text"],
      long_text: ["textarea", "essay", "paragraph", "short_essay", "long_text"],
      multiple_choice: ["radio", "choice", "single", "multiple_choice"],
      checkbox: ["checkbox", "multi"],
      rating: ["rating"],
    };
    for (const [type, aliases] of Object.entries(aliasesOf))
      for (const alias of aliases) {
        expect(canonicalType(alias)).toBe(type);
        expect(canonicalType(alias.toUpperCase())).toBe(type);
      }
    expect(canonicalType("dropdown")).toBeNull();
    expect(canonicalType(undefined)).toBeNull();
    expect(effectiveType("dropdown")).toBe("short_text");
  });

  it("splits options by line, trimmed, blank and repeated lines dropped", () => {
    expect(splitOptions("  a \r\n\nb\rc\n a")).toEqual(["a", "b", "c"]);
    expect(splitOptions(["x", " ", "y "])).toEqual(["x", "y"]);
    expect(splitOptions(undefined)).toEqual([]);
  });
});

describe("editor payload", () => {
  it("saves anything but active as draft, lower-cases the audience, sends options only for choice types", () => {
    const r = surveyInputSchema.parse({
      title: " T ",
      audience: "Students",
      status: "published",
      questions: [
        { label: "Q1", type: "radio", options: "a\nb", required: "true" },
        { _id: "k1", text: "Q2", type: "essay", options: ["x"] },
      ],
    });
    expect(r).toMatchObject({
      title: "T",
      audience: "students",
      status: "draft",
      description: null,
    });
    expect(r.questions).toEqual([
      {
        id: null,
        key: null,
        text: "Q1",
        type: "multiple_choice",
        required: true,
        options: ["a", "b"],
        scaleMax: 5,
      },
      {
        id: "k1",
        key: null,
        text: "Q2",
        type: "long_text",
        required: false,
        options: [],
        scaleMax: 5,
      },
    ]);
    expect(surveyInputSchema.parse({ title: "T", status: "active" }).status).toBe("active");
  });

  it("maps the editor form onto the payload", () => {
    const input = editorFormToInput({
      title: "T",
      audience: "all",
      status: true,
      questions: [
        {
          id: "q1",
          key: "job_found_via",
          text: "Pick",
          type: "checkbox",
          required: true,
          options: "a\n\n b",
        },
        { text: "Say", type: "short_text", options: "ignored" },
      ],
    });
    expect(input.status).toBe("active");
    expect(input.questions).toEqual([
      {
        _id: "q1",
        key: "job_found_via",
        text: "Pick",
        type: "checkbox",
        required: true,
        options: ["a", "b"],
        scaleMax: undefined,
      },
      {
        _id: undefined,
        key: null,
        text: "Say",
        type: "short_text",
        required: false,
        options: [],
        scaleMax: undefined,
      },
    ]);
  });
});

describe("question keys (ADR 101)", () => {
  const errors = (questions: unknown[]) => {
    const r = surveyInputSchema.safeParse({ title: "T", questions });
    if (r.success) return {};
    return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("keeps a valid key, trimmed; blank or null means none", () => {
    const r = surveyInputSchema.parse({
      title: "T",
      questions: [
        { text: "A", key: " employment_status " },
        { text: "B", key: "" },
        { text: "C", key: null },
        { text: "D", key: "my_own_key2" },
      ],
    });
    expect(r.questions.map((q) => q.key)).toEqual(["employment_status", null, null, "my_own_key2"]);
  });

  it("refuses a badly formed key with a clear message on the question's key", () => {
    for (const key of ["Employment", "1st", "has space", "x".repeat(64), "_x", 7, ["a"]])
      expect(errors([{ text: "A", key }])).toEqual({
        "questions.0.key": expect.stringMatching(/must start with a lower-case letter/),
      });
    expect(errors([{ text: "A", key: "x".repeat(63) }])).toEqual({});
  });

  it("refuses a key used twice in one survey", () => {
    expect(
      errors([
        { text: "A", key: "employment_status" },
        { text: "B" },
        { text: "C", key: "employment_status" },
      ]),
    ).toEqual({
      "questions.2.key":
        'Two questions use the key "employment_status"; a key may be used once per survey',
    });
  });
});

describe("answers", () => {
  const qs = [
    { id: "a", text: "Name", type: "text", required: true, options: [], scaleMax: 5 },
    { id: "b", text: "Pick", type: "multi", required: true, options: ["x", "y"], scaleMax: 5 },
    { id: "c", text: "Stars", type: "rating", required: false, options: [], scaleMax: 3 },
    { id: "d", text: "Odd", type: "weird", required: false, options: [], scaleMax: 5 },
  ];

  it("reads the answering form (checkbox groups, ratings) and checks it like the server", () => {
    const f = new FormData();
    f.append("q_a", " Ann ");
    f.append("q_b", "y");
    f.append("q_b", "x");
    f.append("q_c", "3");
    f.append("q_d", "free text");
    const payload = answersFromForm(f, qs);
    expect(payload.answers.map((a) => a.value)).toEqual([" Ann ", ["y", "x"], 3, "free text"]);
    const check = checkAnswers(qs, new Map(payload.answers.map((a) => [a.questionId, a.value])));
    expect(check.ok && Object.fromEntries(check.values)).toEqual({
      a: "Ann",
      b: ["x", "y"],
      c: 3,
      d: "free text",
    });
  });

  it("reports the first problem in question order, and every problem by question", () => {
    const check = checkAnswers(qs, new Map<string, unknown>([["c", 4]]));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBe("Please answer: Name");
    expect(check.errors).toEqual({
      a: "Please answer: Name",
      b: "Please answer: Pick",
      c: "Rating for “Stars” must be a whole number from 1 to 3",
    });
  });

  it("formats answers for cards: lists joined by commas, a dash when unanswered", () => {
    expect(formatAnswer(["a", "b"])).toBe("a, b");
    expect(formatAnswer(undefined)).toBe("-");
    expect(formatAnswer([])).toBe("-");
    expect(formatAnswer(4)).toBe("4");
  });
});
