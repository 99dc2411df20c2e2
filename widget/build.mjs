// Placeholder until the widget lands: writes an empty widget bundle so the server can start.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
fs.writeFileSync(path.join(root, "public", "widget.js"), "/* Runway jobs widget: not built yet */\n");
