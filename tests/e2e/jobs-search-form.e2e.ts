/**
 * The board's search form at 1280 px: the search box comes first, on screen (top left of the form)
 * and in tab order, and no label, placeholder or button text is cut off. Without JavaScript too.
 */
import { expect, test, type Page } from "@playwright/test";

async function formLayout(page: Page) {
  return page.locator("form.jobs-filters").evaluate((form) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const controls = [
      ...form.querySelectorAll<HTMLElement>(
        "input:not([type=hidden]), select, button, a[href], summary",
      ),
    ].filter((el) => visible(el) && el.tabIndex >= 0);
    const canvas = document.createElement("canvas").getContext("2d")!;
    const cut: string[] = [];
    // Labels, buttons and links: their text fits their box.
    for (const el of form.querySelectorAll<HTMLElement>("label, button, a, summary")) {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1)
        cut.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim()}"`);
    }
    // Placeholders (and the chosen option of a select): their text fits the box's content width.
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")) {
      if (!visible(el)) continue;
      const text =
        el instanceof HTMLSelectElement
          ? (el.selectedOptions[0]?.textContent ?? "")
          : el.placeholder;
      if (!text) continue;
      const cs = getComputedStyle(el);
      canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room =
        el.clientWidth -
        parseFloat(cs.paddingLeft) -
        parseFloat(cs.paddingRight) -
        (el instanceof HTMLSelectElement ? 16 : 0); // the select's arrow
      if (canvas.measureText(text).width > room) cut.push(`${el.name} "${text}"`);
    }
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.left), y: Math.round(r.top) };
    };
    return {
      order: controls.map((el) => el.getAttribute("name") ?? el.textContent?.trim() ?? ""),
      boxes: controls.map(box),
      cut,
    };
  });
}

for (const js of [true, false]) {
  test(`at 1280 px the search box comes first and nothing is cut off (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: js,
    });
    const page = await ctx.newPage();
    await page.goto("/jobs");
    const { order, boxes, cut } = await formLayout(page);
    expect(order[0]).toBe("q");
    // On screen: no control sits above the search box, nor beside it to its left.
    const [first, ...rest] = boxes;
    for (const b of rest) {
      expect(b.y).toBeGreaterThanOrEqual(first.y);
      if (b.y === first.y) expect(b.x).toBeGreaterThan(first.x);
    }
    expect(cut).toEqual([]);
    // The keyboard: from the page's heading area, Tab reaches the search box before any filter.
    await page.getByRole("heading", { level: 1 }).click();
    const reached: string[] = [];
    for (let i = 0; i < 12 && !reached.includes("q"); i++) {
      await page.keyboard.press("Tab");
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.closest("form.jobs-filters") ? (el.getAttribute("name") ?? el.tagName) : "";
        }),
      );
    }
    expect(reached.filter(Boolean)[0]).toBe("q");
    await ctx.close();
  });
}
