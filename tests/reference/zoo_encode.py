"""Prints the reference token ids for each FILE, one line per file, ids separated by single spaces
(the format of `til tokenize`): Google's sentencepiece for SentencePiece models, Mistral's
mistral-common for Tekken, Hugging Face tokenizers for SmolLM2. Runs in the pinned zoo venv (tools/zoo/requirements.txt).

  --model mistral-v1          sentencepiece on mistral-common's data/tokenizer.model.v1
  --model tekken              mistral-common's Tekkenizer on data/tekken_240911.json
  --model smollm2             Hugging Face tokenizers set up from SmolLM2's GGUF
                              (smollm2_reference.py)
  --sentencepiece PATH.model  sentencepiece on that file
  --tokenizer-json PATH [--special]
                              Hugging Face tokenizers on that tokenizer.json
                              (add_special_tokens=False, or True with --special)
  --decode-tokenizer-json PATH
                              instead: each FILE holds ids; print a JSON list of
                              decode(ids, skip_special_tokens=False), one per file
  --decode-sentencepiece PATH.model
                              instead: read ids from stdin, write sentencepiece's decoded text
  --scores PATH.model|mistral-v1
                              instead: read pieces from stdin, one a line, and print each one's
                              score (GetScore of its id; "none" for a piece the model lacks)

No BOS/EOS is added and special-token strings are ordinary text, as in til. Leaves out: stdin.
"""

import importlib.metadata as metadata
import pathlib
import sys


def data_file(name: str) -> str:
    return str(pathlib.Path(metadata.distribution("mistral-common").locate_file("mistral_common/data")) / name)


def sentencepiece_encoder(path: str):
    import sentencepiece

    processor = sentencepiece.SentencePieceProcessor(model_file=path)
    return processor.encode


def tekken_encoder():
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    tekken = Tekkenizer.from_file(data_file("tekken_240911.json"))
    return lambda text: tekken.encode(text, bos=False, eos=False)


def tokenizer_json_encoder(path: str, special: bool):
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(path)
    return lambda text: tokenizer.encode(text, add_special_tokens=special).ids


def main(args: list[str]) -> None:
    match args:
        case ["--model", "mistral-v1", *files]:
            encode = sentencepiece_encoder(data_file("tokenizer.model.v1"))
        case ["--model", "tekken", *files]:
            encode = tekken_encoder()
        case ["--model", "smollm2", *files]:
            import smollm2_reference

            tokenizer = smollm2_reference.tokenizer()
            encode = lambda text: tokenizer.encode(text, add_special_tokens=False).ids
        case ["--sentencepiece", path, *files]:
            encode = sentencepiece_encoder(path)
        case ["--tokenizer-json", path, "--special", *files]:
            encode = tokenizer_json_encoder(path, special=True)
        case ["--tokenizer-json", path, *files]:
            encode = tokenizer_json_encoder(path, special=False)
        case ["--decode-tokenizer-json", path, *files]:
            import json

            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(path)
            decoded = []
            for file in files:
                ids = [int(i) for i in pathlib.Path(file).read_text().split()]
                decoded.append(tokenizer.decode(ids, skip_special_tokens=False))
            print(json.dumps(decoded))
            return
        case ["--decode-sentencepiece", path]:
            import sentencepiece

            ids = [int(i) for i in sys.stdin.read().split()]
            text = sentencepiece.SentencePieceProcessor(model_file=path).decode(ids)
            sys.stdout.buffer.write(text.encode("utf-8"))
            return
        case ["--scores", path]:
            import sentencepiece

            path = data_file("tokenizer.model.v1") if path == "mistral-v1" else path
            processor = sentencepiece.SentencePieceProcessor(model_file=path)
            for piece in sys.stdin.buffer.read().decode("utf-8").split("\n"):
                if piece:
                    id = processor.piece_to_id(piece)
                    known = processor.id_to_piece(id) == piece
                    print(repr(processor.get_score(id)) if known else "none")
            return
        case _:
            sys.exit("usage: zoo_encode.py (--model mistral-v1|tekken|smollm2 | --sentencepiece PATH | --tokenizer-json PATH [--special]) FILE...")
    for file in files:
        # Bytes, not read_text: universal newlines would turn \r\n into \n.
        text = pathlib.Path(file).read_bytes().decode("utf-8")
        print(" ".join(map(str, encode(text))))


if __name__ == "__main__":
    main(sys.argv[1:])
