// Encode throughput of `til gpt2 encode` (native, release) against js-tiktoken's
// gpt2 encoding on the same ≥ 10 MB of mixed text, in the same run; also checks
// that both give the same ids. Prints MB/s; asserts no timing.
// Text: assets/tinyshakespeare.txt ×5, then the reference corpus (without the
// long-runs file, which js-tiktoken's quadratic merge makes a test of patience)
// repeated to reach 10 MB.
// til's time is wall-clock for the whole process (start, table build, read,
// encode, print), shown gross and net of an empty-input run.
// Leaves out: decode, memory, the page's wasm build.
// Usage: cargo build --release -p til-cli && node tests/reference/bench.mjs
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Tiktoken } from "js-tiktoken/lite";
import gpt2 from "js-tiktoken/ranks/gpt2";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const til = join(root, "target", "release", "til");
if (!existsSync(til)) {
  console.error("bench.mjs: build first: cargo build --release -p til-cli");
  process.exit(2);
}

// 1. The text, written to a file for til.
const shakespeare = readFileSync(join(root, "assets", "tinyshakespeare.txt"), "utf8");
const corpus = readdirSync(join(here, "corpus"))
  .filter((f) => f.endsWith(".txt") && f !== "long-runs.txt")
  .sort()
  .map((f) => readFileSync(join(here, "corpus", f), "utf8"))
  .join("\n");
let text = shakespeare.repeat(5);
while (Buffer.byteLength(text) < 10_000_000) text += corpus;
const mb = Buffer.byteLength(text) / 1e6;
const file = join(tmpdir(), "til-gpt2-bench.txt");
const empty = join(tmpdir(), "til-gpt2-bench-empty.txt");
writeFileSync(file, text);
writeFileSync(empty, "");

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const best = (runs, f) => Math.min(...Array.from({ length: runs }, f));

// 2. js-tiktoken, in process, after a warm-up so V8 has compiled the hot paths.
let start = process.hrtime.bigint();
const enc = new Tiktoken(gpt2);
const jsLoad = seconds(start);
enc.encode(text.slice(0, 1_000_000), [], []);
let jsIds = "";
const jsTime = best(2, () => {
  const t = process.hrtime.bigint();
  jsIds = enc.encode(text, [], []).join(" ");
  return seconds(t);
});

// 3. til, as a process.
function runTil(path) {
  const t = process.hrtime.bigint();
  const r = spawnSync(til, ["gpt2", "encode", path], { maxBuffer: 1 << 30, encoding: "utf8" });
  const s = seconds(t);
  if (r.status !== 0) throw new Error(`til failed: ${r.stderr}`);
  return [s, r.stdout];
}
let tilIds = "";
const tilTime = best(3, () => {
  const [s, out] = runTil(file);
  tilIds = out.trimEnd();
  return s;
});
const overhead = best(3, () => runTil(empty)[0]);

// 4. Report.
const same = tilIds === jsIds;
const fmt = (x) => x.toFixed(1);
console.log(`text: ${fmt(mb)} MB, ${jsIds.split(" ").length} tokens, ids identical: ${same}`);
console.log(`js-tiktoken ${enc.constructor.name} (node ${process.versions.node}): ${fmt(mb / jsTime)} MB/s (${jsTime.toFixed(2)} s; ranks load ${(jsLoad * 1000).toFixed(0)} ms)`);
console.log(`til gpt2 encode, whole process: ${fmt(mb / tilTime)} MB/s (${tilTime.toFixed(2)} s)`);
console.log(`til net of start-up (${(overhead * 1000).toFixed(0)} ms incl. table build): ${fmt(mb / (tilTime - overhead))} MB/s`);
console.log(`ratio til/js-tiktoken: ${fmt(jsTime / tilTime)}x whole process, ${fmt(jsTime / (tilTime - overhead))}x net`);
if (!same) process.exit(1);
