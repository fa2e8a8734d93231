"""Hugging Face `tokenizers` BpeTrainer behind ByteLevel (add_prefix_space=False, GPT-2's regex),
the 256 bytes as the initial alphabet, no special tokens, no minimum frequency: the setup
`til bpe train --byte-level --tie smallest-id` matches merge for merge. Prints one JSON line: the
time of `Tokenizer.train` alone (its own thread pool), the peak resident memory after it, and the
number of merges; writes the merges as `LEFT RIGHT` lines to MERGES_OUT. Used by `cargo xtask bench`.

usage: python hf_byte_bpe.py CORPUS VOCAB_SIZE MERGES_OUT
"""
import json
import sys

from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from hf_bpe import train


def main() -> None:
    corpus, vocab_size, merges_out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=0,
        special_tokens=[],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    train_ms, peak_kib, merges = train(tokenizer, trainer, corpus, merges_out)
    print(json.dumps({"ms": train_ms, "peak_kib": peak_kib, "merges": len(merges)}))


if __name__ == "__main__":
    main()
