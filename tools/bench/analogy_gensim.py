"""gensim's evaluate_word_analogies (3CosAdd, restrict_vocab=30000, its defaults otherwise) on the
float32 GloVe rows that `cargo xtask vectors` exports, timed in this process (loading the rows into
KeyedVectors stays outside). Prints one JSON line: the time, and the total correct and asked, which
`cargo xtask bench` compares with `til embed eval-analogies --vectors` on the same rows.

usage: python analogy_gensim.py WORDS VECTORS_F32 QUESTIONS
"""
import json
import sys
import time

import numpy as np
from gensim.models import KeyedVectors


def main() -> None:
    words_path, vectors_path, questions = sys.argv[1:4]
    words = open(words_path, encoding="utf-8").read().split("\n")[:-1]
    vectors = np.fromfile(vectors_path, dtype="<f4").reshape(len(words), -1)
    model = KeyedVectors(vectors.shape[1], dtype=np.float32)
    model.add_vectors(words, vectors)
    model.fill_norms()

    # One call, as its documentation shows.
    started = time.perf_counter()
    _, sections = model.evaluate_word_analogies(questions, restrict_vocab=30000)
    evaluate_ms = (time.perf_counter() - started) * 1000
    total = sections[-1]
    correct, asked = len(total["correct"]), len(total["correct"]) + len(total["incorrect"])
    print(json.dumps({"ms": evaluate_ms, "correct": correct, "asked": asked}))


if __name__ == "__main__":
    main()
