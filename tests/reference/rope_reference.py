"""RoPE as the model code people run writes it, in numpy float64, for `til rope` to be checked
against: inverse frequencies as Hugging Face transformers' rope initialisers compute them (default,
linear, static NTK-aware, Llama 3.1's), rotation as its `rotate_half` (the half layout) and as
Meta's reference code, by complex multiplication (the interleaved layout). Reads one JSON request
per line on stdin and prints one JSON answer per line. Runs in the pinned zoo venv (numpy).

  {"inv_freq": {"d": D, "base": B, "scaling": null|"linear"|"ntk"|"llama3", "factor": F, ...}}
      -> the d/2 inverse frequencies
  {"rotate": {"d": D, "base": B, "pos": P, "layout": "half"|"interleaved", "x": [...]}}
      -> x rotated
  {"score": {"d": D, "base": B, "m": M, "n": N, "layout": ..., "q": [...], "k": [...]}}
      -> R(m)q . R(n)k

Leaves out: YaRN and dynamic scaling.
"""

import json
import math
import sys

import numpy as np


def inv_freq(d, base=10000.0, scaling=None, factor=1.0, low_freq_factor=1.0, high_freq_factor=4.0, original_max=8192):
    if scaling == "ntk":
        base = base * factor ** (d / (d - 2))
    theta = 1.0 / (base ** (np.arange(0, d, 2, dtype=np.float64) / d))
    if scaling == "linear":
        theta = theta / factor
    if scaling == "llama3":
        low_wavelen = original_max / low_freq_factor
        high_wavelen = original_max / high_freq_factor
        wavelen = 2 * math.pi / theta
        scaled = np.where(wavelen > low_wavelen, theta / factor, theta)
        smooth = (original_max / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
        smoothed = (1 - smooth) * scaled / factor + smooth * scaled
        medium = ~(wavelen < high_wavelen) & ~(wavelen > low_wavelen)
        theta = np.where(medium, smoothed, scaled)
    return theta


def rotate(x, pos, theta, layout):
    x = np.asarray(x, dtype=np.float64)
    if layout == "half":
        angles = np.concatenate([theta, theta]) * pos
        half = len(x) // 2
        rotated_half = np.concatenate([-x[half:], x[:half]])
        return x * np.cos(angles) + rotated_half * np.sin(angles)
    pairs = x[0::2] + 1j * x[1::2]
    turned = pairs * np.exp(1j * theta * pos)
    out = np.empty_like(x)
    out[0::2], out[1::2] = turned.real, turned.imag
    return out


def answer(request):
    if "inv_freq" in request:
        r = request["inv_freq"]
        return list(inv_freq(r["d"], r.get("base", 10000.0), r.get("scaling"), r.get("factor", 1.0),
                             r.get("low_freq_factor", 1.0), r.get("high_freq_factor", 4.0), r.get("original_max", 8192)))
    if "rotate" in request:
        r = request["rotate"]
        return list(rotate(r["x"], r["pos"], inv_freq(r["d"], r.get("base", 10000.0)), r["layout"]))
    r = request["score"]
    theta = inv_freq(r["d"], r.get("base", 10000.0))
    return float(rotate(r["q"], r["m"], theta, r["layout"]) @ rotate(r["k"], r["n"], theta, r["layout"]))


for line in sys.stdin:
    if line.strip():
        print(json.dumps(answer(json.loads(line))))
