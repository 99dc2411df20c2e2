/**
 * Request lines and Host headers a browser never sends, over raw sockets against the built server:
 * an absolute-form target is answered for its path, and a Host or (behind TRUST_PROXY) an
 * X-Forwarded-Host that does not parse is a 400 — never a 500.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer, type TestServer } from "../setup/http";

/** Sends `head` as written (no client library to tidy it) and returns the status and the text. */
function rawRequest(app: TestServer, head: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => (text += d));
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    socket.write(head.replace(/\n/g, "\r\n") + "Connection: close\r\n\r\n");
  });
}

const noInternals = (text: string) => {
  expect(text).not.toMatch(/Invalid URL|TypeError|\bat [^\n]*\.(js|ts|mjs):\d+|node_modules/);
  expect(text).not.toMatch(/Something went wrong/);
};

const HOSTILE_HOSTS = ["exa mple.org", "[", "[::1", "a/b", "x@y", "h:port"];

describe("request target and Host", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const proxied = useServer(t, { mail: false, env: { TRUST_PROXY: true } });

    it("answers an absolute-form target for its path, whatever host it names", async () => {
      const r = await rawRequest(app, "GET http://evil.example/jobs HTTP/1.1\nHost: 127.0.0.1\n");
      expect(r.status).toBe(200);
      expect(r.text).toMatch(/<html/i);
      noInternals(r.text);
      const api = await rawRequest(
        app,
        "GET http://[/api/jobs HTTP/1.1\nHost: 127.0.0.1\nAccept: application/json\n",
      );
      expect(api.status).toBe(400);
      noInternals(api.text);
    });

    it("refuses targets in no form Runway answers with a 400", async () => {
      for (const target of ["*", "example.org:443", "javascript://x/%0a", "http:\\\\x"]) {
        const r = await rawRequest(app, `GET ${target} HTTP/1.1\nHost: 127.0.0.1\n`);
        expect(r.status, target).toBe(400);
        noInternals(r.text);
      }
    });

    it("refuses a Host header that does not parse with a 400 (a space, an unclosed bracket…)", async () => {
      for (const host of HOSTILE_HOSTS) {
        for (const path of ["/jobs", "/api/jobs", "/login?_data=routes%2F_auth%2B%2Flogin"]) {
          const r = await rawRequest(app, `GET ${path} HTTP/1.1\nHost: ${host}\n`);
          expect(r.status, `${host} ${path}`).toBe(400);
          expect(r.text).toContain("The Host header is not valid.");
          expect(r.text).toMatch(/x-content-type-options: nosniff/i);
          noInternals(r.text);
        }
      }
      // A well-formed host Runway is not called by still gets its page (built from PUBLIC_URL).
      const ok = await rawRequest(app, "GET /jobs HTTP/1.1\nHost: [::1]:8080\n");
      expect(ok.status).toBe(200);
    });

    it("refuses such an X-Forwarded-Host behind TRUST_PROXY, and ignores it without", async () => {
      for (const host of HOSTILE_HOSTS) {
        const r = await rawRequest(
          proxied,
          `GET /jobs HTTP/1.1\nHost: 127.0.0.1\nX-Forwarded-Host: ${host}\n`,
        );
        expect(r.status, host).toBe(400);
        noInternals(r.text);
        const direct = await rawRequest(
          app,
          `GET /jobs HTTP/1.1\nHost: 127.0.0.1\nX-Forwarded-Host: ${host}\n`,
        );
        expect(direct.status, host).toBe(200);
      }
      const list = await rawRequest(
        proxied,
        "GET /jobs HTTP/1.1\nHost: 127.0.0.1\nX-Forwarded-Host: runway.example.edu, lb.internal:8443\n",
      );
      expect(list.status).toBe(200);
    });
  });
});
