"""Cross-checks SmolLM2's reference (tests/reference/smollm2_reference.py: Hugging Face tokenizers set
up from the GGUF file) against llama.cpp's own tokenizer on the same file, through llama-cpp-python.
Not part of `cargo xtask test`: llama-cpp-python builds llama.cpp from source (minutes). Run it in a
venv with the zoo pins (tools/zoo/requirements.txt) plus llama-cpp-python 0.3.36:

  python tools/zoo/cross_check_smollm2.py

Texts: the reference corpus, the first 60,000 characters of Tiny Shakespeare, 200 random strings
(ASCII, Latin to Arabic, kana, CJK, emoji with joiners, combining marks, other digits, U+0085,
U+FEFF, Unicode 17 digits, runs of spaces), and every code point of planes 0–3 and 14–16 in chunks
of 256 (NUL left out: llama.cpp takes C strings). Prints the count of characters and any text whose
ids differ; exits 1 on a difference.
"""

import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/reference"))

import llama_cpp  # noqa: E402
import smollm2_reference  # noqa: E402


def texts() -> list[str]:
    out = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests/reference/corpus").glob("*.txt"))]
    out.append((ROOT / "assets/tinyshakespeare.txt").read_text(encoding="utf-8")[:60000])
    rng = random.Random(7)
    codes = (
        list(range(32, 127)) * 4
        + list(range(0xA0, 0x800))
        + list(range(0x3040, 0x30FF))
        + list(range(0x4E00, 0x4E80))
        + [0x1F600, 0x1F44D, 0x200D, 0xFE0F, 0x0301, 0x0660, 0x0967, 0xFF11, 0x2003, 0x85, 0xFEFF, 0x11DE0, 0x16FF4]
    )
    pool = [chr(c) for c in codes] + [" "] * 50 + ["\n", "\t", "\r\n", "  "]
    out += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 400))) for _ in range(200)]
    scalars = [c for r in (range(1, 0x40000), range(0xE0000, 0x110000)) for c in r if not 0xD800 <= c <= 0xDFFF]
    out += ["".join(map(chr, scalars[i : i + 256])) for i in range(0, len(scalars), 256)]
    return out


def main() -> None:
    hf = smollm2_reference.tokenizer()
    llama = llama_cpp.Llama(model_path=smollm2_reference.gguf_path(), vocab_only=True, verbose=False)
    all_texts = texts()
    differ = 0
    for text in all_texts:
        ours = hf.encode(text, add_special_tokens=False).ids
        theirs = llama.tokenize(text.encode("utf-8"), add_bos=False, special=False)
        if ours != theirs:
            differ += 1
            print(f"differ: {text[:60]!r}")
    print(f"{sum(map(len, all_texts))} characters in {len(all_texts)} texts; {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
