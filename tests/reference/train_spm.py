"""Trains a small SentencePiece model with Google's sentencepiece, for the tests that read model
files the lab did not ship: `train_spm.py CORPUS OUT_PREFIX KEY=VALUE...`, each KEY=VALUE a
`SentencePieceTrainer` option (model_type=unigram, vocab_size=500, …). Deterministic for a given
corpus and options: one thread, no input sampling. Leaves out: anything but training.
"""

import sys

import sentencepiece


def main(corpus: str, prefix: str, options: list[str]) -> None:
    settings = dict(option.split("=", 1) for option in options)
    sentencepiece.SentencePieceTrainer.train(
        input=corpus,
        model_prefix=prefix,
        num_threads=1,
        minloglevel=2,
        **settings,
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
