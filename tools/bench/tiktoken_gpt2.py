"""OpenAI's `tiktoken` (Python) encoding GPT-2 text, offline. tiktoken downloads GPT-2's files on
first use; instead its Encoding is built here from the same ranks js-tiktoken ships (written out in
tiktoken's own file format by `node tests/reference/bench.mjs ranks`), with the same pattern.
Times `encode_ordinary` (special tokens as plain text, as `til gpt2 encode`) in this process after a
1 MB warm-up, writes the ids space-separated on one line to IDS_OUT and prints one JSON line.
Used by `cargo xtask bench`.

usage: python tiktoken_gpt2.py RANKS_DIR TEXT IDS_OUT
"""
import json
import sys
import time

import tiktoken
from tiktoken.load import load_tiktoken_bpe


def main() -> None:
    ranks_dir, text_path, ids_out = sys.argv[1:4]
    with open(f"{ranks_dir}/gpt2.json", encoding="utf-8") as f:
        meta = json.load(f)
    encoding = tiktoken.Encoding(
        name="gpt2",
        pat_str=meta["pat_str"],
        mergeable_ranks=load_tiktoken_bpe(f"{ranks_dir}/gpt2.tiktoken"),
        special_tokens=meta["special_tokens"],
        explicit_n_vocab=meta["explicit_n_vocab"],
    )
    # newline="": no universal newlines, so every "\r" reaches the encoder as it does the others.
    with open(text_path, encoding="utf-8", newline="") as f:
        text = f.read()
    encoding.encode_ordinary(text[:1_000_000])
    started = time.perf_counter()
    ids = encoding.encode_ordinary(text)
    encode_ms = (time.perf_counter() - started) * 1000
    with open(ids_out, "w", encoding="ascii") as out:
        out.write(" ".join(map(str, ids)) + "\n")
    print(json.dumps({"ms": encode_ms, "ids": len(ids), "tiktoken": tiktoken.__version__}))


if __name__ == "__main__":
    main()
