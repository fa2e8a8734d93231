"""A plain numpy-batched 3CosAdd on Google's analogy set, as strong as numpy gets: the first 30,000
float32 GloVe rows that `cargo xtask vectors` exports, normalised once; the questions whose four
words are all among them (looked up case-insensitively, the first row of a spelling winning, as
gensim's evaluate_word_analogies does); then chunks of 2,048 questions: b − a + c, one BLAS matrix
product with every row, the three inputs masked, argmax. Timed from the normalising to the last
argmax (reading the files stays outside), three times in the one process: `ms` is the median, numpy
warm and at its best as ours is, `cold_ms` the first. Prints one JSON line: the times, correct and
asked, and the BLAS that ran (threadpoolctl: its library, kernel and threads), which `cargo xtask bench` compares
with `til embed eval-analogies --vectors` on the same rows.

usage: python analogy_numpy.py WORDS VECTORS_F32 QUESTIONS
"""
import json
import sys
import time

import numpy as np

VOCAB = 30000
CHUNK = 2048
RUNS = 3


def median(times):
    return sorted(times)[len(times) // 2]


def questions(path, index):
    """(a, b, c, expected) row indices of every question whose words are all in `index`."""
    asked = []
    for line in open(path, encoding="utf-8"):
        if line.startswith(":"):
            continue
        words = line.upper().split()
        if len(words) == 4 and all(w in index for w in words):
            asked.append([index[w] for w in words])
    return np.array(asked, dtype=np.int64).reshape(-1, 4)


def batched_3cosadd(unit, asked) -> int:
    """How many of the `asked` (a, b, c, expected) rows of unit-length `unit` 3CosAdd answers right,
    the inputs excluded: chunks of CHUNK questions, one BLAS product with every row each."""
    correct = 0
    rows = np.arange(CHUNK)
    for start in range(0, len(asked), CHUNK):
        chunk = asked[start : start + CHUNK]
        a, b, c, expected = chunk.T
        scores = (unit[b] - unit[a] + unit[c]) @ unit.T
        for inputs in (a, b, c):
            scores[rows[: len(chunk)], inputs] = -np.inf
        correct += int((scores.argmax(axis=1) == expected).sum())
    return correct


def main() -> None:
    words_path, vectors_path, questions_path = sys.argv[1:4]
    words = open(words_path, encoding="utf-8").read().split("\n")[:-1]
    vectors = np.fromfile(vectors_path, dtype="<f4").reshape(len(words), -1)[:VOCAB]
    index = {}
    for i, word in enumerate(words[:VOCAB]):
        index.setdefault(word.upper(), i)
    asked = questions(questions_path, index)

    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        correct = batched_3cosadd(unit, asked)
        times.append((time.perf_counter() - started) * 1000)

    from threadpoolctl import threadpool_info  # only this peer's venv has it

    blas = [
        {k: pool.get(k) for k in ("internal_api", "architecture", "num_threads")}
        for pool in threadpool_info()
        if pool.get("user_api") == "blas"
    ]
    print(json.dumps({"ms": median(times), "cold_ms": times[0], "correct": correct, "asked": len(asked), "blas": blas}))


if __name__ == "__main__":
    main()
