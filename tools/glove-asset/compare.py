"""Times gensim's evaluate_word_analogies (3CosAdd, restrict_vocab=30000) on the float32 GloVe rows
and `til embed eval-analogies` on the committed asset, in the same run on the same machine, and prints
both times, both totals and the ratio. Run by `cargo xtask vectors --compare`.

usage: python compare.py WORDS VECTORS_F32 QUESTIONS TIL_BINARY
"""
import subprocess
import sys
import time

import numpy as np
from gensim.models import KeyedVectors


def main() -> None:
    words_path, vectors_path, questions, til = sys.argv[1:5]
    words = open(words_path, encoding="utf-8").read().split("\n")[:-1]
    vectors = np.fromfile(vectors_path, dtype="<f4").reshape(len(words), 50)
    model = KeyedVectors(50, dtype=np.float32)
    model.add_vectors(words, vectors)
    model.fill_norms()

    # 1. gensim: one call, as its documentation shows.
    started = time.perf_counter()
    _, sections = model.evaluate_word_analogies(questions, restrict_vocab=30000)
    gensim_s = time.perf_counter() - started
    total = sections[-1]
    gensim_total = f"{len(total['correct'])} / {len(total['correct']) + len(total['incorrect'])}"

    # 2. til: the release binary, timed from outside so start-up and parsing count too.
    started = time.perf_counter()
    lines = subprocess.run(
        [til, "embed", "eval-analogies", questions, "--vocab", "30000"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    til_s = time.perf_counter() - started

    print(f"gensim {gensim_s:.2f} s   total {gensim_total}")
    print(f"til    {til_s:.2f} s   {lines[-1]}")
    print(f"ratio  {gensim_s / til_s:.1f}x")


if __name__ == "__main__":
    main()
