/**
 * Slow clients cannot starve the PGlite admission gate. Raw sockets send the login form a byte at
 * a time: they take no admission slot while their body trickles in (a request takes one only once
 * its body has arrived), every other request is answered meanwhile, and the server cuts them off
 * with 408 once HTTP_REQUEST_TIMEOUT has passed; a client that never finishes its headers is cut
 * off after HTTP_HEADERS_TIMEOUT. The test servers run without DATABASE_URL, so the gate is on
 * whichever database is injected.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens a raw connection, writes `head`, then `body` one byte every `everyMs` until the server
 * answers or closes. Resolves with what the server sent (empty if it only closed).
 */
function trickle(port: number, head: string, body: string, everyMs: number) {
  return new Promise<{ answer: string; sent: number }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, sent });
    };
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", finish);
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, everyMs);
    });
  });
}

forEachDb((t) => {
  describe("slow clients and the admission gate", () => {
    const app = useServer(t, {
      mail: false,
      env: {
        PGLITE_MAX_CONCURRENT: 4,
        PGLITE_QUEUE_LIMIT: 32,
        PGLITE_QUEUE_TIMEOUT: 1,
        HTTP_HEADERS_TIMEOUT: 2,
        HTTP_REQUEST_TIMEOUT: 4,
      },
    });

    it("four connections sending a login form a byte at a time hold no slot; other requests are answered; they get 408", async () => {
      const port = Number(new URL(app.url).port);
      const body = `email=slow%40example.edu&password=${"x".repeat(60)}`;
      const head =
        `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
      const slow = Array.from({ length: 4 }, () => trickle(port, head, body, 250));
      await sleep(500); // the four are inside, each body a few bytes in

      // Each of these would wait behind the four for the queue's whole second and get a 503.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const batch = await Promise.all([
          app.fetch("/login"),
          app.fetch("/api/public/jobs", { headers: { Accept: "application/json" } }),
        ]);
        for (const r of batch) {
          statuses.push(r.status);
          await r.text();
        }
      }
      expect(statuses).toEqual(Array(8).fill(200));

      const cut = await Promise.all(slow);
      for (const c of cut) {
        expect(c.sent).toBeLessThan(body.length);
        expect(c.answer).toMatch(/^HTTP\/1\.1 408 /);
      }
    }, 30_000);

    it("a client that never finishes its headers is cut off with 408", async () => {
      const port = Number(new URL(app.url).port);
      const r = await trickle(
        port,
        "GET /jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        "X-Slow: " + "a".repeat(200),
        250,
      );
      expect(r.sent).toBeLessThan(200);
      expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
    }, 30_000);
  });
});
