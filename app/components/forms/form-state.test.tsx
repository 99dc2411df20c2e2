/**
 * The public forms' form state renders what conform renders: the same form, ids, names, `form=`
 * attributes, initial values and validated errors, for a first visit, an invite's default value
 * and the server's replies (a field error, a form error, a hidden password), so the server's HTML
 * of those screens does not change with it.
 */
import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as light from "./form-state";

type Lib = Pick<typeof light, "useForm" | "getFormProps" | "getInputProps">;

const schema = z.object({
  email: z.string({ error: "Email is required" }).email("Enter a valid email"),
  password: z.string({ error: "Password is required" }),
  kind: z.enum(["student", "alumni"]).optional(),
  company: z.object({ name: z.string({ error: "Company name is required" }) }).optional(),
});

function page(lib: Lib, options: { lastResult?: unknown; defaultValue?: object }) {
  function Page() {
    const [form, fields] = lib.useForm({
      id: "f",
      lastResult: options.lastResult as light.FormResult | undefined,
      defaultValue: options.defaultValue as Record<string, unknown> | undefined,
    });
    const company = fields.company.getFieldset();
    const { key: _k, ...email } = lib.getInputProps(fields.email, {
      type: "email",
      ariaAttributes: false,
    });
    return (
      <form {...lib.getFormProps(form)}>
        {form.errors?.length ? <p id={form.errorId}>{form.errors[0]}</p> : null}
        <input {...email} />
        <p id={fields.email.errorId}>{fields.email.errors?.join(", ")}</p>
        <input {...lib.getInputProps(fields.password, { type: "password" })} />
        <p>{fields.password.errors?.[0]}</p>
        <input
          id={company.name.id}
          name={company.name.name}
          defaultValue={company.name.initialValue}
        />
        <p>{company.name.errors?.[0]}</p>
        <input
          name={fields.kind.name}
          defaultChecked={(fields.kind.initialValue ?? "student") === "alumni"}
        />
      </form>
    );
  }
  return renderToStaticMarkup(<Page />);
}

function reply(
  entries: [string, string][],
  options?: { hideFields?: string[]; formErrors?: string[] },
) {
  const formData = new FormData();
  for (const [k, v] of entries) formData.append(k, v);
  return JSON.parse(JSON.stringify(parseWithZod(formData, { schema }).reply(options)));
}

const cases: Array<[string, { lastResult?: unknown; defaultValue?: object }]> = [
  ["a first visit", {}],
  [
    "an invite's default value",
    { defaultValue: { email: "a@example.edu", company: { name: "Acme" } } },
  ],
  [
    "a reply with field errors and the password hidden",
    {
      lastResult: reply(
        [
          ["email", "nope"],
          ["password", "secret"],
          ["kind", "alumni"],
          ["company.name", ""],
        ],
        { hideFields: ["password"] },
      ),
    },
  ],
  [
    "a reply with a form error",
    {
      lastResult: reply(
        [
          ["email", "a@example.edu"],
          ["password", "x"],
        ],
        { formErrors: ["Login failed"] },
      ),
    },
  ],
  [
    "a reply with empty fields",
    {
      lastResult: reply([
        ["email", ""],
        ["password", ""],
      ]),
    },
  ],
];

describe("the public forms' form state", () => {
  it.each(cases)("renders what conform renders for %s", (_, options) => {
    const expected = page(conform as unknown as Lib, options);
    expect(page(light, options)).toBe(expected);
  });

  it("shows a reply's errors and keeps no password", () => {
    const html = page(light, cases[2][1]);
    expect(html).toContain("Enter a valid email");
    expect(html).toContain('value="nope"');
    expect(html).not.toContain("secret");
    const empty = page(light, cases[4][1]);
    expect(empty).toContain('aria-invalid="true" aria-describedby="f-password-error"');
    expect(empty).toContain("Password is required");
  });
});
