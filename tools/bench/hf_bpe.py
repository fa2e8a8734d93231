"""Hugging Face `tokenizers` BpeTrainer configured as `til bpe train --tie smallest-id`: words split
on whitespace (WhitespaceSplit), the `</w>` end-of-word suffix, no special tokens, no minimum
frequency, no alphabet limit. Prints one JSON line: the time of `Tokenizer.train` alone (in this
process, after imports), this process's peak resident memory right after it (interpreter and
imports included), the vocabulary size, the merges made and the corpus's length in tokens
under the result (each distinct word tokenized once, times its count); writes the merges as
`LEFT RIGHT` lines to MERGES_OUT. Used by `cargo xtask bench`.

HF writes `</w>` into a word's last character from the start (`e</w>` is in its alphabet); til
keeps `</w>` as a symbol of its own and merges it like any other. So at the same vocabulary size
the two lists cannot be identical; the bench reports how many merges they share.

usage: python hf_bpe.py CORPUS VOCAB_SIZE MERGES_OUT
"""
import collections
import json
import resource
import sys
import time

from tokenizers import Tokenizer, models, pre_tokenizers, trainers


def train(tokenizer, trainer, corpus, merges_out):
    """Times `tokenizer.train` alone, then writes its merges to `merges_out`: the time in ms, the
    peak resident memory in KiB right after training, and the merges."""
    started = time.perf_counter()
    tokenizer.train([corpus], trainer)
    train_ms = (time.perf_counter() - started) * 1000
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    with open(merges_out, "w", encoding="utf-8") as out:
        for left, right in merges:
            out.write(f"{left} {right}\n")
    return train_ms, peak_kib, merges


def main() -> None:
    corpus, vocab_size, merges_out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    tokenizer = Tokenizer(models.BPE(end_of_word_suffix="</w>"))
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=0,
        special_tokens=[],
        end_of_word_suffix="</w>",
        show_progress=False,
    )
    # Timed: training, as its documentation shows it; untimed: the corpus in tokens.
    train_ms, peak_kib, merges = train(tokenizer, trainer, corpus, merges_out)
    with open(corpus, encoding="utf-8") as text:
        words = collections.Counter(text.read().split())
    model = tokenizer.model
    tokens = sum(count * len(model.tokenize(word)) for word, count in words.items())
    print(json.dumps({"ms": train_ms, "peak_kib": peak_kib, "vocab": tokenizer.get_vocab_size(), "merges": len(merges), "tokens": tokens}))


if __name__ == "__main__":
    main()
