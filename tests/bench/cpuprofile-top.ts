/**
 * Summarises a V8 .cpuprofile (`node --cpu-prof`): the top self-time functions, self time per file
 * (node_modules grouped by package), and — for each --under pattern — the share of samples whose
 * stack holds a frame matching it (inclusive time, each sample counted once).
 *
 *   npx tsx tests/bench/cpuprofile-top.ts <file.cpuprofile> [--top 25] [--under regex]...
 */
import fs from "node:fs";
import { parseArgs } from "node:util";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    under: { type: "string", multiple: true, default: [] },
  },
});
if (!positionals.length) {
  console.error("usage: cpuprofile-top.ts <file.cpuprofile> [--top N] [--under regex]...");
  process.exit(2);
}

for (const file of positionals) {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Sample i's weight is the time to the next sample (V8's deltas are to the previous one).
  const weight = (i: number) => Math.max(0, p.timeDeltas[i + 1] ?? 0);
  const short = (url: string) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    return url.replace(/^file:\/\//, "").replace(/^.*\/(wt-[^/]+|main)\//, "") || "(native)";
  };
  const label = (n: Node) =>
    `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ""}`;

  const selfByFn = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const underPatterns = (opt.under as string[]).map((u) => new RegExp(u));
  const under = underPatterns.map(() => 0);
  let total = 0;
  let idle = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const w = weight(i);
    const n = byId.get(p.samples[i])!;
    total += w;
    const name = n.callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") {
      if (name === "(idle)") idle += w;
    }
    selfByFn.set(label(n), (selfByFn.get(label(n)) ?? 0) + w);
    const f = name.startsWith("(") ? name : short(n.callFrame.url);
    selfByFile.set(f, (selfByFile.get(f) ?? 0) + w);
    if (underPatterns.length) {
      const stack: string[] = [];
      for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id))
        stack.push(label(byId.get(id)!));
      underPatterns.forEach((re, k) => {
        if (stack.some((s) => re.test(s))) under[k] += w;
      });
    }
  }
  const busy = total - idle;
  const pctOf = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  const top = Number(opt.top);
  console.log(
    `\n${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy time)`,
  );
  console.log(`\nTop ${top} functions by self time:`);
  for (const [k, v] of [...selfByFn]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${ms(v)} ${pctOf(v)}  ${k}`);
  console.log(`\nSelf time by file / package:`);
  for (const [k, v] of [...selfByFile]
    .filter(([k]) => k !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${ms(v)} ${pctOf(v)}  ${k}`);
  if (underPatterns.length) {
    console.log(`\nInclusive (samples with a matching frame on the stack):`);
    underPatterns.forEach((re, k) =>
      console.log(`${ms(under[k])} ${pctOf(under[k])}  ${re.source}`),
    );
  }
}
