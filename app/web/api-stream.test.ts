import { describe, expect, it } from "vitest";
import { jsonArrayStream } from "./api.server";

async function* batches(...list: unknown[][]) {
  for (const b of list) yield b;
}

const get = () => new Request("http://localhost/api/admin/users");

describe("jsonArrayStream", () => {
  it("writes the batches as one JSON array", async () => {
    const res = await jsonArrayStream(get(), batches([{ a: 1 }, { a: 2 }], [{ a: 3 }]));
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(await res.text()).toBe('[{"a":1},{"a":2},{"a":3}]');
  });

  it("passes over empty batches anywhere, without hanging", async () => {
    const res = await jsonArrayStream(get(), batches([], [1], [], [], [2], []));
    expect(await res.text()).toBe("[1,2]");
  });

  it("answers [] for no rows at all", async () => {
    expect(await (await jsonArrayStream(get(), batches())).text()).toBe("[]");
    expect(await (await jsonArrayStream(get(), batches([], []))).text()).toBe("[]");
  });
});
