// Every test process gets a private DATA_DIR and a fixed secret, so nothing touches ./data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-test-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
process.env.NODE_ENV = "test";
// Test servers share their event loop with vitest, PGlite and the test code itself, so its delay
// says nothing about the server's load: shedding stays off unless a test turns it on.
process.env.EVENT_LOOP_MAX_DELAY ??= "0";
