import { describe, expect, it } from "vitest";
import { linkify, safeHref } from "./linkify";

const links = (t: string) =>
  linkify(t).filter((p): p is { text: string; href: string } => "href" in p);

describe("linkify", () => {
  it("links http(s) and www. addresses, keeping the text whole", () => {
    const t = "Apply at https://acme.example/jobs?id=1, or see www.acme.example/about. Thanks";
    expect(links(t)).toEqual([
      { text: "https://acme.example/jobs?id=1", href: "https://acme.example/jobs?id=1" },
      { text: "www.acme.example/about", href: "https://www.acme.example/about" },
    ]);
    expect(
      linkify(t)
        .map((p) => p.text)
        .join(""),
    ).toBe(t);
  });

  it("leaves sentence brackets and punctuation outside the link", () => {
    expect(links("(see https://a.example/x_(y))").map((l) => l.text)).toEqual([
      "https://a.example/x_(y)",
    ]);
    expect(links("Go to https://a.example/path).").map((l) => l.text)).toEqual([
      "https://a.example/path",
    ]);
  });

  it("never links other schemes, credentials or dotless hosts", () => {
    for (const t of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)//https://x.example",
      "data:text/html,hi",
      "https://localhost/x",
      "https://user:pw@evil.example/",
    ])
      expect(
        links(t).filter((l) => !/^https:\/\/x\.example/.test(l.href)),
        t,
      ).toEqual([]);
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://ok.example/a b")).toBe("https://ok.example/a%20b");
  });
});
