"""Google's sentencepiece training a Unigram model with the defaults `til unigram train` follows:
identity normalization, every character kept (character_coverage 1.0), one thread. Prints one
JSON line with the time of `SentencePieceTrainer.train` alone and the peak resident memory after
it; writes PREFIX.model. Used by `cargo xtask bench`.

usage: python spm_unigram.py CORPUS VOCAB_SIZE PREFIX
"""
import json
import resource
import sys
import time

import sentencepiece


def main() -> None:
    corpus, vocab_size, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    started = time.perf_counter()
    sentencepiece.SentencePieceTrainer.train(
        input=corpus,
        model_prefix=prefix,
        model_type="unigram",
        vocab_size=vocab_size,
        character_coverage=1.0,
        normalization_rule_name="identity",
        num_threads=1,
        minloglevel=2,
    )
    train_ms = (time.perf_counter() - started) * 1000
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"ms": train_ms, "peak_kib": peak_kib}))


if __name__ == "__main__":
    main()
