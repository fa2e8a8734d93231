"""Chat templates as Hugging Face `transformers` renders them (`apply_chat_template(tokenize=False)`),
then the rendered text's ids from Hugging Face `tokenizers` 0.23.3 (`encode(text,
add_special_tokens=False)`), for crates/cli/tests/chat_reference.rs.

The jinja2 environment is set up as transformers' `_compile_jinja_template` sets it up:
ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True) with loop controls, its
`tojson` filter (json.dumps, ensure_ascii=False), `raise_exception` and `strftime_now` globals, and
`render(messages=…, tools=None, documents=None, add_generation_prompt=…, **special_tokens_map)`.
Leaves out: transformers' `{% generation %}` tag (AssistantTracker), which none of these use.

usage: chat_reference.py tokenizer-json TOKENIZER.json TOKENIZER_CONFIG.json CONVERSATIONS.json
       chat_reference.py smollm2 CONVERSATIONS.json
CONVERSATIONS.json is a list of conversations (each a list of messages). Prints one JSON object a
line, for each conversation without then with the generation prompt: {"text", "ids"} or {"error"}.
Runs in the pinned zoo venv (tools/zoo/requirements.txt).
"""

import json
import pathlib
import sys
from datetime import datetime

import jinja2
from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

SPECIAL_VARIABLES = ["bos_token", "eos_token", "unk_token", "pad_token"]


def compile_template(template):
    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return datetime.now().strftime(format)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env.from_string(template)


def token_text(value):
    """A config's special token: a string, or an AddedToken written out."""
    if isinstance(value, dict):
        return value.get("content")
    return value


def from_tokenizer_json(tokenizer_path, config_path):
    from tokenizers import Tokenizer

    config = json.loads(pathlib.Path(config_path).read_text(encoding="utf-8"))
    specials = {name: token_text(config.get(name)) for name in SPECIAL_VARIABLES}
    template = config["chat_template"]
    if isinstance(template, list):
        template = next(t["template"] for t in template if t["name"] == "default")
    return template, {k: v for k, v in specials.items() if v is not None}, Tokenizer.from_file(tokenizer_path)


def from_smollm2():
    """SmolLM2's template and special strings from its GGUF file; its tokenizer with the GGUF's
    control tokens added as special tokens (as the model's own tokenizer.json has them)."""
    import gguf
    from tokenizers import AddedToken

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    import smollm2_reference

    reader = gguf.GGUFReader(smollm2_reference.gguf_path())
    field = lambda name: reader.fields[name].contents()
    tokens = field("tokenizer.ggml.tokens")
    kinds = field("tokenizer.ggml.token_type")
    ids = ["bos_token_id", "eos_token_id", "unknown_token_id", "padding_token_id"]
    specials = {name: tokens[field(f"tokenizer.ggml.{key}")] for name, key in zip(SPECIAL_VARIABLES, ids)}
    tokenizer = smollm2_reference.tokenizer()
    control = [AddedToken(t, special=True, normalized=False) for t, kind in zip(tokens, kinds) if kind == 3]
    tokenizer.add_special_tokens(control)
    return field("tokenizer.chat_template"), specials, tokenizer


def main():
    if sys.argv[1] == "smollm2":
        template, specials, tokenizer = from_smollm2()
        conversations = sys.argv[2]
    else:
        template, specials, tokenizer = from_tokenizer_json(sys.argv[2], sys.argv[3])
        conversations = sys.argv[4]
    compiled = compile_template(template)
    for messages in json.loads(pathlib.Path(conversations).read_text(encoding="utf-8")):
        for generation_prompt in (False, True):
            try:
                text = compiled.render(
                    messages=messages, tools=None, documents=None,
                    add_generation_prompt=generation_prompt, **specials,
                )
            except jinja2.exceptions.TemplateError as error:
                print(json.dumps({"error": str(error)}, ensure_ascii=False))
                continue
            ids = tokenizer.encode(text, add_special_tokens=False).ids
            print(json.dumps({"text": text, "ids": ids}, ensure_ascii=False))


if __name__ == "__main__":
    main()
