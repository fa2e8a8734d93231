"""Writes a Hugging Face tokenizer.json for a SentencePiece Unigram .model, set up as `tokenizers`'
own SentencePiece converter sets up such models (XLNet, ALBERT, T5): the model's precompiled
charsmap as a `Precompiled` normalizer followed by collapsing runs of spaces, `Metaspace`, a
Unigram model of the .model's pieces and scores. The reference test (tokenizer_json_reference.rs)
then loads it with `Tokenizer.from_file`. `spm_to_tokenizer_json.py MODEL OUT`. The .model is read
with a minimal protobuf reader (the pinned venv has no protobuf package). Leaves out: BPE models,
user-defined and byte pieces (the test's model has none).
"""

import base64
import json
import struct
import sys


def varint(data: bytes, at: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def fields(data: bytes):
    """(field number, wire type, value) of each field of one message."""
    at = 0
    while at < len(data):
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(data, at)
        elif wire == 1:
            value, at = data[at : at + 8], at + 8
        elif wire == 2:
            length, at = varint(data, at)
            value, at = data[at : at + length], at + length
        elif wire == 5:
            value, at = data[at : at + 4], at + 4
        else:
            raise ValueError(f"wire type {wire}")
        yield number, wire, value


def main(model_path: str, out_path: str) -> None:
    model = open(model_path, "rb").read()
    pieces, charsmap = [], b""
    for number, _, value in fields(model):
        if number == 1:  # SentencePiece
            piece = {"score": 0.0, "type": 1}
            for n, _, v in fields(value):
                if n == 1:
                    piece["piece"] = v.decode("utf-8")
                elif n == 2:
                    piece["score"] = struct.unpack("<f", v)[0]
                elif n == 3:
                    piece["type"] = v
            pieces.append(piece)
        elif number == 3:  # NormalizerSpec
            for n, _, v in fields(value):
                if n == 2:
                    charsmap = v
    unk_id = next(i for i, p in enumerate(pieces) if p["type"] == 2)
    tokenizer = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": {
            "type": "Sequence",
            "normalizers": [
                {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(charsmap).decode("ascii")},
                {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
            ],
        },
        "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
        "post_processor": None,
        "decoder": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
        "model": {
            "type": "Unigram",
            "unk_id": unk_id,
            "vocab": [[p["piece"], p["score"]] for p in pieces],
            "byte_fallback": False,
        },
    }
    with open(out_path, "w", encoding="utf-8") as out:
        json.dump(tokenizer, out, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
