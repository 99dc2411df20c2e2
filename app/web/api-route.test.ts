import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRoute } from "./api-route.server";

const url = "http://localhost/api/things/7";
const args = (method: string, body?: string) => ({
  request: new Request(url, { method, body }),
  params: { id: "7" },
  context: {},
});

const route = apiRoute({
  GET: async (api) => ({ id: api.param("id"), missing: api.param("other") }),
  PUT: async (api) => api.body(z.object({ name: z.string({ error: "name is required" }) })),
  DELETE: async (api) => api.reply({ deleted: api.param("id") }, 202),
});

describe("apiRoute", () => {
  it("answers GET (and HEAD) from the loader, a path parameter absent as ''", async () => {
    const res = await route.loader(args("GET"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "7", missing: "" });
    expect((await route.loader(args("HEAD"))).status).toBe(200);
  });

  it("dispatches the action on the method, with the handler's status", async () => {
    const put = await route.action(args("PUT", JSON.stringify({ name: "x" })));
    expect([put.status, await put.json()]).toEqual([200, { name: "x" }]);
    const del = await route.action(args("DELETE"));
    expect([del.status, await del.json()]).toEqual([202, { deleted: "7" }]);
  });

  it("answers another method 405, naming the route's methods in the order written", async () => {
    const res = await route.action(args("POST"));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, PUT, DELETE");
    expect(await res.text()).toBe('{"message":"Method not allowed"}');
    const noGet = apiRoute({ POST: async () => ({}) });
    const get = await noGet.loader(args("GET"));
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
  });

  it("answers another method 404 for a route that hides its other methods", async () => {
    const hidden = apiRoute({ POST: async () => ({}) }, { otherMethods: "notFound" });
    for (const res of [await hidden.loader(args("GET")), await hidden.action(args("PUT"))]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('{"message":"Not found"}');
    }
  });

  it("answers a preflight without running a handler", async () => {
    const res = await route.action(args("OPTIONS"));
    expect(res.status).toBe(204);
  });

  it("maps a bad body to a 400 with the field errors", async () => {
    const bad = await route.action(args("PUT", "{"));
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { message: "Request body must be valid JSON" },
    ]);
    const missing = await route.action(args("PUT", "{}"));
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { message: "name is required", errors: { name: ["name is required"] } },
    ]);
  });
});
