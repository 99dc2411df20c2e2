/**
 * Look-alike company names (docs/security.md, "Look-alike company names"): names are normalised
 * before they are stored and compared, names and locations refuse line breaks and markup, and a
 * name confusable with an existing one is a 409 naming it — at Add/Edit Company and at an
 * employer's sign-up with a new company.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "#db/schema";
import { Conflict } from "~/lib/errors";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { authCtx } from "../../../tests/setup/auth-config";
import { caught } from "../../../tests/setup/caught";
import { createUser } from "../../../tests/factories";
import type { Ctx } from "../context";
import { registerEmployer } from "../employer/account.server";
import { EMPLOYER_MSG, employerRegisterSchema } from "../employer/employer.schema";
import { addCompany, updateCompany } from "./company.server";
import {
  COMPANY_MSG,
  companyInputSchema,
  companyPatchSchema,
  normalizeCompanyText,
} from "./company.schema";
import { companyNameKeys } from "./names.server";

const ORIGINAL = "Pacific Wings Airlines";
const LOOK_ALIKES = [
  ["two spaces", "Pacific  Wings Airlines"],
  ["a trailing zero-width space", "Pacific Wings Airlines\u200b"],
  ["a Cyrillic і", "Pacific W\u0456ngs Airlines"],
  ["a tab", "Pacific\tWings Airlines"],
  ["full-width letters", "Ｐａｃｉｆｉｃ Wings Airlines"],
  ["another case", "PACIFIC WINGS AIRLINES"],
  ["a Cyrillic а and a capital I for l", "Pаcific Wings AirIines"],
] as const;

describe("company names and locations", () => {
  it("are normalised: NFKC, invisible and control characters out, white space collapsed", () => {
    expect(normalizeCompanyText("  Pacific\t Wings\u00a0Airlines\u200b\u202e ")).toBe(ORIGINAL);
    expect(normalizeCompanyText("Ｐａｃｉｆｉｃ")).toBe("Pacific");
    const parsed = companyInputSchema.parse({
      name: "Pacific  Wings\u200b Airlines",
      location: " Pasay\tCity ",
    });
    expect(parsed).toMatchObject({ name: ORIGINAL, location: "Pasay City" });
  });

  it("refuse line breaks and markup in names and locations", () => {
    const msgs = (v: Record<string, unknown>) =>
      companyPatchSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(msgs({ name: "Pacific\r\nWings" })).toEqual([COMPANY_MSG.nameLines]);
    expect(msgs({ name: "Pacific\nWings" })).toEqual([COMPANY_MSG.nameLines]);
    expect(msgs({ name: "<b>Pacific</b> Wings" })).toEqual([COMPANY_MSG.nameLines]);
    expect(msgs({ location: "Pasay\nCity" })).toEqual([COMPANY_MSG.locationLines]);
    expect(msgs({ location: "<script>x</script>" })).toEqual([COMPANY_MSG.locationLines]);
    expect(msgs({ name: "\u200b\u200b" })).toEqual([COMPANY_MSG.nameRequired]);
    expect(msgs({ name: "AT&T Aviation" })).toEqual([]);
  });

  it.each(LOOK_ALIKES)("share a comparison key with %s", (_, variant) => {
    const keys = new Set(companyNameKeys(ORIGINAL));
    expect(companyNameKeys(variant).some((k) => keys.has(k))).toBe(true);
  });

  it("keep different names apart", () => {
    const keys = new Set(companyNameKeys(ORIGINAL));
    for (const other of ["Pacific Wing Airlines", "Pacific Wings Air", "Atlantic Wings Airlines"])
      expect(companyNameKeys(other).some((k) => keys.has(k))).toBe(false);
  });
});

forEachDb((t: TestDb) => {
  const admin = async (): Promise<Ctx> => {
    const { user } = await createUser(t.db, { role: "admin" });
    return { db: t.db, actor: { id: user.id, role: "admin", email: user.email } };
  };

  describe("a name confusable with an existing company", () => {
    it.each(LOOK_ALIKES)("Add Company with %s is a 409 naming it", async (_, variant) => {
      const ctx = await admin();
      const first = await addCompany(ctx, companyInputSchema.parse({ name: ORIGINAL }));
      const e = await caught(addCompany(ctx, companyInputSchema.parse({ name: variant })));
      expect(e).toBeInstanceOf(Conflict);
      expect(e.message).toBe(COMPANY_MSG.nameTaken(ORIGINAL));
      expect(e.extra).toEqual({ companyId: first.id });
      expect(await t.db.select().from(companies)).toHaveLength(1);
    });

    it("renaming another company to a look-alike is a 409; keeping its own name is not", async () => {
      const ctx = await admin();
      await addCompany(ctx, companyInputSchema.parse({ name: ORIGINAL }));
      const other = await addCompany(ctx, companyInputSchema.parse({ name: "Sky Cargo" }));
      const e = await caught(
        updateCompany(
          ctx,
          other.id,
          companyPatchSchema.parse({ name: "Pacific W\u0456ngs Airlines" }),
        ),
      );
      expect(e.message).toBe(COMPANY_MSG.nameTaken(ORIGINAL));
      const same = await updateCompany(
        ctx,
        other.id,
        companyPatchSchema.parse({ name: "Sky  Cargo" }),
      );
      expect(same.name).toBe("Sky Cargo");
    });

    it("two look-alikes added at once: exactly one is stored", async () => {
      const ctx = await admin();
      const results = await Promise.allSettled([
        addCompany(ctx, companyInputSchema.parse({ name: ORIGINAL })),
        addCompany(ctx, companyInputSchema.parse({ name: "Pacific W\u0456ngs Airlines" })),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await t.db.select().from(companies)).toHaveLength(1);
    });

    it("an employer's new company: a look-alike is a 409 naming the existing one", async () => {
      const ctx = await admin();
      const first = await addCompany(ctx, companyInputSchema.parse({ name: ORIGINAL }));
      const e = await caught(
        registerEmployer(
          authCtx(t.db),
          employerRegisterSchema("example.edu").parse({
            firstName: "Erin",
            lastName: "Hiring",
            email: "hr@pacific-wings.example.ph",
            password: "Employer-pass-2026-kite",
            acceptTerms: true,
            company: {
              name: "Pacific W\u0456ngs  Airlines\u200b",
              website: "https://pacific-wings.example.ph",
              location: "Pasay City",
            },
          }),
          { ip: "10.12.0.1" },
        ),
      );
      expect(e).toBeInstanceOf(Conflict);
      expect(e.message).toBe(EMPLOYER_MSG.companyTaken(ORIGINAL));
      expect(e.extra).toEqual({ companyId: first.id });
      expect(await t.db.select().from(companies).where(eq(companies.id, first.id))).toHaveLength(1);
      expect(await t.db.select().from(companies)).toHaveLength(1);
    });
  });
});
