// Prints js-tiktoken's token ids for each FILE: one line per file, ids separated by
// single spaces (the format of `til gpt2 encode FILE` and `til tokenize --model`).
// --encoding NAME picks the encoding (gpt2, the default, cl100k_base or o200k_base).
// With --pieces, prints instead the UTF-8 byte length of each pre-token piece,
// as V8 matches js-tiktoken's own gpt2 pattern, to check the hand-written
// pre-tokenizer directly. `<|endoftext|>` in a file is ordinary text, as in til.
// --unicode prints the Unicode version of this node's regex engine. With --ranks, each line of
// each FILE is a token's bytes in hex ("e2 80 99"), and the line printed for it is the rank of
// each (-1 for bytes that are no token), as "why this split" is checked against.
// Leaves out: stdin, other encodings.
// Usage: node tests/reference/encode.mjs [--encoding NAME] [--pieces | --ranks] FILE... | --unicode
import { readFileSync } from "node:fs";
import { Tiktoken } from "js-tiktoken/lite";
import gpt2 from "js-tiktoken/ranks/gpt2";
import cl100k_base from "js-tiktoken/ranks/cl100k_base";
import o200k_base from "js-tiktoken/ranks/o200k_base";

const ENCODINGS = { gpt2, cl100k_base, o200k_base };
let args = process.argv.slice(2);
let ranks = gpt2;
if (args[0] === "--encoding") {
  ranks = ENCODINGS[args[1]];
  if (!ranks) {
    console.error(`unknown encoding ${args[1]}; known: ${Object.keys(ENCODINGS).join(", ")}`);
    process.exit(2);
  }
  args = args.slice(2);
}
if (args[0] === "--unicode") {
  // The Unicode version of V8's \p{L}/\p{N}, to compare with til's tables.
  console.log(process.versions.unicode);
  process.exit(0);
}
const pieces = args[0] === "--pieces";
const ranksOf = args[0] === "--ranks";
const files = pieces || ranksOf ? args.slice(1) : args;
if (files.length === 0) {
  console.error("usage: node tests/reference/encode.mjs [--encoding NAME] [--pieces] FILE... | --unicode");
  process.exit(2);
}
const enc = new Tiktoken(ranks);
const pattern = new RegExp(ranks.pat_str, "gu");
const lines = files.map((file) => {
  const text = readFileSync(file, "utf8");
  if (pieces) return [...text.matchAll(pattern)].map((m) => Buffer.byteLength(m[0])).join(" ");
  if (ranksOf) {
    return text.split("\n").filter((l) => l !== "").map((hex) => {
      const bytes = hex.split(" ").map((h) => parseInt(h, 16));
      // js-tiktoken's own table: each token's bytes, comma-joined, to its rank.
      return enc.rankMap.get(bytes.join(",")) ?? -1;
    }).join(" ");
  }
  return enc.encode(text, [], []).join(" ");
});
process.stdout.write(lines.join("\n") + "\n");
