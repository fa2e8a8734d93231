"""The references for byte-level BPE training, run in the pinned zoo venv (tools/zoo/requirements.txt):

  hf-train CORPUS MERGES PATTERN      Hugging Face tokenizers' BpeTrainer (ByteLevel, min_frequency 0,
                                      initial_alphabet ByteLevel.alphabet(), no special tokens,
                                      vocab_size 256 + MERGES); prints merges.txt's `left right` lines
  minbpe-train CORPUS MERGES PATTERN  minbpe's RegexTokenizer.train algorithm (below); prints the same
                                      lines, bytes written as GPT-2's printable characters
  hf-encode TOKENIZER_JSON INPUTS     ids of each line of INPUTS (a JSON array of strings), one line each
  tiktoken-encode RANKS PATTERN INPUTS
                                      the same through tiktoken, loading the ranks file offline

PATTERN is gpt2, cl100k or o200k, written as js-tiktoken 1.0.21 writes them (no possessive
quantifiers; the lab's hand-written pre-tokenizers follow V8 running these). With gpt2 the
Hugging Face pre-tokenizer is ByteLevel(add_prefix_space=False, use_regex=True) itself; the other
two split with the pattern first, then ByteLevel(use_regex=False). Leaves out: special tokens.
"""

import json
import sys

import regex

PATTERNS = {
    "gpt2": r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""",
    "cl100k": r"""('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
    "o200k": r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
}


def printable_bytes() -> dict[int, str]:
    """GPT-2's byte -> printable character table (bytes_to_unicode)."""
    kept = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    chars = kept[:]
    extra = 0
    for b in range(256):
        if b not in kept:
            kept.append(b)
            chars.append(256 + extra)
            extra += 1
    return {b: chr(c) for b, c in zip(kept, chars)}


PRINTABLE = printable_bytes()


def printable(data: bytes) -> str:
    return "".join(PRINTABLE[b] for b in data)


def read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def hf_pre_tokenizer(pattern: str):
    from tokenizers import Regex, pre_tokenizers

    if pattern == "gpt2":
        return pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    return pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(PATTERNS[pattern]), behavior="isolated"),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )


def hf_train(corpus: str, merges: int, pattern: str) -> list[str]:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = hf_pre_tokenizer(pattern)
    trainer = trainers.BpeTrainer(
        vocab_size=256 + merges,
        min_frequency=0,
        show_progress=False,
        special_tokens=[],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tokenizer.train_from_iterator([read(corpus)], trainer=trainer)
    model = json.loads(tokenizer.to_str())["model"]
    return [" ".join(merge) for merge in model["merges"]]


def minbpe_train(corpus: str, merges: int, pattern: str) -> list[str]:
    """minbpe's RegexTokenizer.train (github.com/karpathy/minbpe, MIT), as it runs: split the text
    with the pattern, every chunk its UTF-8 bytes; then per merge count every adjacent pair over
    every chunk (a dict in first-occurrence order), take `max(stats, key=stats.get)` (the first pair
    to reach the top count), and replace it everywhere with a new id. Ids are minbpe's: a merge that
    rebuilds existing bytes still gets its own id."""
    found = regex.finditer(PATTERNS[pattern], read(corpus))
    chunks = [list(match.group(0).encode("utf-8")) for match in found]
    vocab = {i: bytes([i]) for i in range(256)}
    lines = []
    for n in range(merges):
        stats: dict[tuple[int, int], int] = {}
        for ids in chunks:
            for pair in zip(ids, ids[1:]):
                stats[pair] = stats.get(pair, 0) + 1
        if not stats:
            break
        pair = max(stats, key=stats.get)
        new = 256 + n
        chunks = [merge(ids, pair, new) for ids in chunks]
        vocab[new] = vocab[pair[0]] + vocab[pair[1]]
        lines.append(f"{printable(vocab[pair[0]])} {printable(vocab[pair[1]])}")
    return lines


def merge(ids: list[int], pair: tuple[int, int], new: int) -> list[int]:
    out, i = [], 0
    while i < len(ids):
        if i < len(ids) - 1 and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            out.append(new)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def main(args: list[str]) -> None:
    match args:
        case ["hf-train", corpus, merges, pattern]:
            print("\n".join(hf_train(corpus, int(merges), pattern)))
        case ["minbpe-train", corpus, merges, pattern]:
            print("\n".join(minbpe_train(corpus, int(merges), pattern)))
        case ["hf-encode", path, inputs]:
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(path)
            lines = json.loads(read(inputs))
            for encoding in tokenizer.encode_batch(lines, add_special_tokens=False):
                print(" ".join(map(str, encoding.ids)))
        case ["tiktoken-encode", ranks, pattern, inputs]:
            import tiktoken
            from tiktoken.load import load_tiktoken_bpe

            encoding = tiktoken.Encoding(
                name="trained",
                pat_str=PATTERNS[pattern],
                mergeable_ranks=load_tiktoken_bpe(ranks),
                special_tokens={},
            )
            for line in json.loads(read(inputs)):
                print(" ".join(map(str, encoding.encode_ordinary(line))))
        case _:
            sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
