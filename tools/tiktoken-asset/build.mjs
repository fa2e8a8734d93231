// Builds assets/tiktoken/<encoding>.bin, an OpenAI encoding's ranks (each token's bytes, in rank
// order), from the pinned js-tiktoken npm package (MIT). Leaves out: the special tokens (the lab
// encodes their strings as ordinary text) and the pattern (hand-written in the core).
//
// Usage (from the repo root):
//   npm ci --prefix tools/tiktoken-asset
//   node tools/tiktoken-asset/build.mjs           # (re)write the assets
//   node tools/tiktoken-asset/build.mjs --check   # fail if a committed asset differs
//
// Format, all integers little-endian (the lab's one container, crates/core/src/asset.rs; parsed by
// crates/core/src/tiktoken/ranks.rs):
//   0  magic     4 bytes "TTKR"
//   4  version   u32 = 1
//   8  count     u32 = number of ranks
//   12 checksum  u32 = FNV-1a 32 of the payload
//   16 payload   count x (length u8, then that many bytes): the token of rank 0, 1, …
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const ranksDir = join(here, "node_modules", "js-tiktoken", "dist", "ranks");
const outDir = join(here, "..", "..", "assets", "tiktoken");
const ENCODINGS = ["cl100k_base", "o200k_base"];
const check = process.argv.includes("--check");

function fail(msg) {
  console.error(`build.mjs: ${msg}`);
  process.exit(1);
}

// FNV-1a 32, as crates/core/src/asset.rs computes it.
function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h >>> 0;
}

let differ = false;
for (const name of ENCODINGS) {
  // 1. js-tiktoken's ranks: lines of "! OFFSET TOKEN TOKEN …", base64 tokens of consecutive ranks.
  const source = readFileSync(join(ranksDir, `${name}.js`), "utf8");
  const data = JSON.parse(source.replace(/^export default /, "").replace(/;\s*$/, ""));
  const tokens = [];
  for (const line of data.bpe_ranks.split("\n").filter(Boolean)) {
    const [, offset, ...encoded] = line.split(" ");
    encoded.forEach((b64, i) => {
      tokens[Number(offset) + i] = Buffer.from(b64, "base64");
    });
  }
  // 2. Check what the core relies on: ranks 0..count with no gap, each token 1–255 bytes, unique,
  //    and every single byte a token (so any text encodes).
  const seen = new Set();
  tokens.forEach((t, rank) => {
    if (!t) fail(`${name}: no token of rank ${rank}`);
    if (t.length === 0 || t.length > 255) fail(`${name}: token ${rank} is ${t.length} bytes`);
    const key = t.toString("latin1");
    if (seen.has(key)) fail(`${name}: token ${rank} repeats an earlier one`);
    seen.add(key);
  });
  for (let b = 0; b < 256; b++) if (!seen.has(String.fromCharCode(b))) fail(`${name}: byte ${b} is no token`);
  // 3. Pack.
  const payload = Buffer.concat(tokens.flatMap((t) => [Buffer.from([t.length]), t]));
  const header = Buffer.alloc(16);
  header.write("TTKR", 0, "latin1");
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(tokens.length, 8);
  header.writeUInt32LE(fnv1a(payload), 12);
  const asset = Buffer.concat([header, payload]);
  const out = join(outDir, `${name}.bin`);
  const sha = createHash("sha256").update(asset).digest("hex");
  if (check) {
    let committed;
    try {
      committed = readFileSync(out);
    } catch {
      committed = Buffer.alloc(0);
    }
    if (!committed.equals(asset)) {
      console.error(`${out} differs from what js-tiktoken 1.0.21 gives (sha256 ${sha})`);
      differ = true;
    } else {
      console.log(`${out}: identical (${asset.length} bytes, sha256 ${sha})`);
    }
  } else {
    writeFileSync(out, asset);
    console.log(`wrote ${out}: ${tokens.length} tokens, ${asset.length} bytes, sha256 ${sha}`);
  }
}
if (differ) process.exit(1);
