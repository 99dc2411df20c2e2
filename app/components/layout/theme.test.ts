import { describe, expect, it } from "vitest";
import { ADMIN_THEME_KEY, adminThemes, paletteFor, themeBootScript } from "./theme";

/** Runs the boot script against a fake <html> and localStorage, returning data-admin-theme. */
function boot(shortName: string, storage: { getItem(k: string): string | null }) {
  const attrs: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
  new Function("window", "document", themeBootScript(shortName))(
    { localStorage: storage },
    document,
  );
  return attrs["data-admin-theme"];
}
const storageWith = (value: string | null) => ({
  getItem: (k: string) => (k === ADMIN_THEME_KEY ? value : null),
});

describe("admin themes (admin dashboard, business constants)", () => {
  it("lists four themes whose fourth id is the college short name", () => {
    expect(adminThemes("PhilSCA")).toEqual([
      { id: "default", label: "Default Blue", palette: "default" },
      { id: "emerald", label: "Emerald", palette: "emerald" },
      { id: "rose", label: "Rose", palette: "rose" },
      { id: "PhilSCA", label: "Gold", palette: "gold" },
    ]);
  });

  it("maps ids to palettes; the short name means gold; unknown ids mean default", () => {
    expect(paletteFor("default", "PhilSCA")).toBe("default");
    expect(paletteFor("emerald", "PhilSCA")).toBe("emerald");
    expect(paletteFor("rose", "PhilSCA")).toBe("rose");
    expect(paletteFor("PhilSCA", "PhilSCA")).toBe("gold");
    expect(paletteFor("philsca", "PhilSCA")).toBe("default");
    expect(paletteFor("gold", "PhilSCA")).toBe("default");
    expect(paletteFor(null, "PhilSCA")).toBe("default");
    expect(paletteFor("", "PhilSCA")).toBe("default");
    expect(paletteFor("__proto__", "PhilSCA")).toBe("default");
  });

  it("falls back to the id 'gold' when the short name collides with a built-in id", () => {
    expect(adminThemes("rose").map((t) => t.id)).toEqual(["default", "emerald", "rose", "gold"]);
    expect(paletteFor("rose", "rose")).toBe("rose");
    expect(paletteFor("gold", "rose")).toBe("gold");
    expect(adminThemes("").at(-1)!.id).toBe("gold");
  });

  it("boot script sets the stored palette before paint", () => {
    expect(boot("PhilSCA", storageWith("PhilSCA"))).toBe("gold");
    expect(boot("PhilSCA", storageWith("emerald"))).toBe("emerald");
    expect(boot("PhilSCA", storageWith(null))).toBe("default");
    expect(boot("PhilSCA", storageWith("constructor"))).toBe("default");
  });

  it("boot script survives a storage that throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(() => boot("PhilSCA", throwing)).not.toThrow();
    expect(boot("PhilSCA", throwing)).toBeUndefined();
  });

  it("boot script cannot be broken out of by a hostile short name", () => {
    const s = themeBootScript("</script><script>alert(1)</script>");
    expect(s).not.toContain("</script>");
  });
});
