// js-tiktoken's side of `cargo xtask bench`'s GPT-2 rows (xtask/src/bench/gpt2.rs makes the text and
// runs til; this file only runs the peer).
//
//   node tests/reference/bench.mjs encode TEXT IDS_OUT
//     Encodes TEXT with js-tiktoken's gpt2 encoding (special tokens as plain text, as
//     `til gpt2 encode`), in this process after a 1 MB warm-up so V8 has compiled the hot paths;
//     writes the ids space-separated on one line to IDS_OUT and prints one JSON line:
//     {"ms": encode time, "load_ms": building the ranks table, "js_tiktoken" and "node": versions}.
//   node tests/reference/bench.mjs ranks DIR
//     Writes js-tiktoken's gpt2 ranks in tiktoken's own file format (DIR/gpt2.tiktoken: base64
//     token, space, rank) and its pattern and special tokens (DIR/gpt2.json), so Python tiktoken can
//     run offline on the same data (tools/bench/tiktoken_gpt2.py).
// Leaves out: decode, memory.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import gpt2 from "js-tiktoken/ranks/gpt2";

const [mode, ...args] = process.argv.slice(2);
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

if (mode === "encode" && args.length === 2) {
  const [textPath, idsOut] = args;
  const text = readFileSync(textPath, "utf8");
  const start = process.hrtime.bigint();
  const enc = new Tiktoken(gpt2);
  const loadMs = seconds(start) * 1000;
  enc.encode(text.slice(0, 1_000_000), [], []);
  const t = process.hrtime.bigint();
  const ids = enc.encode(text, [], []);
  const ms = seconds(t) * 1000;
  writeFileSync(idsOut, ids.join(" ") + "\n");
  const { version } = JSON.parse(readFileSync(new URL("./node_modules/js-tiktoken/package.json", import.meta.url)));
  console.log(JSON.stringify({ ms, load_ms: loadMs, js_tiktoken: version, node: process.versions.node }));
} else if (mode === "ranks" && args.length === 1) {
  // bpe_ranks holds lines `! OFFSET TOKEN TOKEN…`: the k-th base64 token has rank OFFSET + k.
  const lines = [];
  for (const line of gpt2.bpe_ranks.split("\n").filter(Boolean)) {
    const [, offset, ...tokens] = line.split(" ");
    tokens.forEach((token, k) => lines.push(`${token} ${Number(offset) + k}`));
  }
  writeFileSync(join(args[0], "gpt2.tiktoken"), lines.join("\n") + "\n");
  const { pat_str, special_tokens, explicit_n_vocab } = gpt2;
  writeFileSync(join(args[0], "gpt2.json"), JSON.stringify({ pat_str, special_tokens, explicit_n_vocab }));
} else {
  console.error("usage: node bench.mjs encode TEXT IDS_OUT | ranks DIR");
  process.exit(2);
}
