#!/usr/bin/python3
"""Runs Tessera's layer cases in torch (1.13, /usr/bin/python3) so that the C++ suites can compare.

Usage: layer_runner.py MANIFEST.json      (one process per suite: every job of the suite at once)

Case files (tests/core/nn/*_cases.json) hold {"cases": [CASE, ...]}; a CASE is
  {
    "name":     "conv2d_stride",                     unique across all case files
    "type":     "Conv2d",                            a registered layer type = a torch.nn class
    "options":  {"in_channels": 2, ...},             torch's keyword arguments; JSON arrays become tuples;
                                                     Sequential takes {"layers": [{"type", "options"}, ...]}
    "inputs":   [{"shape": [2, 3], "dtype": "float32", "dist": "normal",
                  "requires_grad": true}],           dtype float32 | int64 | bool; dist "normal",
                                                     "uniform LO HI", "randint LO HI" (HI exclusive),
                                                     "bernoulli P"; requires_grad defaults to true for
                                                     float32 and is false otherwise
    "modes":    ["train", "eval"],                   optional, default both
    "steps":    1,                                   optional: forward+backward passes per mode (grads
                                                     accumulate; buffers are compared after the last)
    "call":     "layer(x0, x1, need_weights=True)",  optional python expression; `layer` is the module,
                                                     x0, x1, ... the inputs; default "layer(x0)"
    "outputs":  "[out[0], out[1][0]]",               optional python expression over `out` (the call's
                                                     result) giving the list of compared outputs;
                                                     default "[out]"
    "randomize_state": true,                         optional: before saving, Tessera refills every float
                                                     parameter and buffer with U(0.5, 1.5) so that norms
                                                     and running statistics are not at their trivial init
    "error":    "expected 4D input"                  optional: both sides must raise; Tessera's message
                                                     must contain this text
  }
The C++ side (layer_harness.h) builds each layer from the registry with a seeded Generator, and for
every (case, mode) writes into its own folder: weights.safetensors (the state_dict), input<i>.npy and,
once it has run the forward, grad_output<i>.npy (one per float output; the backward is of
sum_i (output_i * grad_output_i).sum()). The C++ side calls the layer its own way for multi-input
layers; "call" and "outputs" say how torch does it. The MANIFEST is {"jobs": [JOB, ...], "schemas":
{TYPE: {OPTION: {"required": bool, "default": value}}}}, a JOB being the case plus "dir" and "mode";
the schemas (the layer registry's) are checked against the torch classes' keyword defaults into
torch_schema_check.json: {"problems": [...]}.

This script writes into each job's folder: torch_weights.safetensors (the torch layer's state_dict
right after loading, for the round trip test), torch_out<i>.npy, torch_grad_input<i>.npy (inputs
that require grad), torch_param.<param>.npy (parameters after the steps: layers such as Embedding
with max_norm change them in place), torch_grad.<param>.npy (parameters that got a grad), torch_buffer.<name>.npy
(buffers after the last step) and torch_status.json: {"ok": true, "repr": repr(layer)} or
{"error": "message"}.
safetensors is not installed with Debian's torch, so the reader and writer below follow the format:
8-byte little-endian header length, compact JSON header padded with spaces to 8 bytes, tensors
ordered by dtype (I64, F64, F32, BOOL) then name, data in that order.
"""
import inspect
import json
import os
import struct
import sys
import traceback

import numpy as np
import torch
import torch.nn.functional as F

DTYPES = {"F32": np.float32, "F64": np.float64, "I64": np.int64, "BOOL": np.bool_}
RANK = {"BOOL": 0, "F32": 1, "F64": 2, "I64": 3}


def read_safetensors(path):
    data = open(path, "rb").read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n].decode("utf-8"))
    body = data[8 + n:]
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        array = np.frombuffer(body[begin:end], dtype=DTYPES[info["dtype"]]).reshape(info["shape"])
        tensors[name] = torch.from_numpy(array.copy())
    return tensors


def write_safetensors(path, tensors, metadata=None):
    codes = {np.dtype(v): k for k, v in DTYPES.items()}
    # copy(order="C"), not ascontiguousarray, which turns 0-d arrays into 1-d ones
    arrays = {name: t.detach().numpy().copy(order="C") for name, t in tensors.items()}
    order = sorted(arrays, key=lambda name: (-RANK[codes[arrays[name].dtype]], name))
    header, offset = {}, 0
    if metadata:
        header["__metadata__"] = dict(sorted(metadata.items()))
    for name in order:
        a = arrays[name]
        header[name] = {"dtype": codes[a.dtype], "shape": list(a.shape), "data_offsets": [offset, offset + a.nbytes]}
        offset += a.nbytes
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(arrays[name].tobytes() for name in order))


def build(type_name, options):
    options = options or {}
    if type_name == "Sequential":
        return torch.nn.Sequential(*[build(c["type"], c.get("options")) for c in options.get("layers", [])])
    cls = getattr(torch.nn, type_name)
    defaults = {k: p.default for k, p in inspect.signature(cls.__init__).parameters.items()}
    kwargs = {}
    for k, v in options.items():
        if isinstance(v, list):
            v = tuple(v)
        elif isinstance(v, int) and not isinstance(v, bool) and isinstance(defaults.get(k), float):
            v = float(v)  # JSON (and Tessera's writer) drop ".0"; torch's repr keeps it for float options
        kwargs[k] = v
    return cls(**kwargs)


def run(job, status):
    d = job["dir"]
    torch.manual_seed(0)
    layer = build(job["type"], job.get("options"))
    status["repr"] = repr(layer)
    layer.load_state_dict(read_safetensors(os.path.join(d, "weights.safetensors")), strict=True)
    write_safetensors(os.path.join(d, "torch_weights.safetensors"), layer.state_dict())
    layer.train(job["mode"] == "train")
    inputs = []
    for i, spec in enumerate(job["inputs"]):
        t = torch.from_numpy(np.load(os.path.join(d, "input%d.npy" % i)))
        if spec.get("requires_grad", spec.get("dtype", "float32") == "float32"):
            t.requires_grad_(True)
        inputs.append(t)
    scope = {"layer": layer, "torch": torch, "F": F}
    scope.update({"x%d" % i: t for i, t in enumerate(inputs)})
    outs = []
    for _ in range(job.get("steps", 1)):
        scope["out"] = eval(job.get("call") or "layer(x0)", scope)
        outs = eval(job.get("outputs") or "[out]", scope)
        terms = []
        for i, o in enumerate(outs):
            path = os.path.join(d, "grad_output%d.npy" % i)
            if o.requires_grad and os.path.exists(path):
                terms.append((o * torch.from_numpy(np.load(path))).sum())
        if terms:
            sum(terms).backward()
    for i, o in enumerate(outs):
        np.save(os.path.join(d, "torch_out%d.npy" % i), o.detach().numpy())
    for i, t in enumerate(inputs):
        if t.grad is not None:
            np.save(os.path.join(d, "torch_grad_input%d.npy" % i), t.grad.numpy())
    for name, p in layer.named_parameters():
        np.save(os.path.join(d, "torch_param.%s.npy" % name), p.detach().numpy())
        if p.grad is not None:
            np.save(os.path.join(d, "torch_grad.%s.npy" % name), p.grad.numpy())
    for name, b in layer.named_buffers():
        if b is not None:
            np.save(os.path.join(d, "torch_buffer.%s.npy" % name), b.numpy())


def check_schemas(schemas):
    """Each registered option must be a keyword of the torch class, with torch's default."""
    problems = []
    for type_name, params in sorted(schemas.items()):
        cls = getattr(torch.nn, type_name, None)
        if cls is None:
            problems.append("%s: torch.nn has no such class" % type_name)
            continue
        # LSTM and GRU take (*args, **kwargs) and hand them to RNNBase: look through the bases too.
        signature = {}
        for klass in reversed(cls.__mro__):
            if "__init__" in vars(klass):
                signature.update(inspect.signature(klass.__init__).parameters)
        for name, spec in params.items():
            if type_name == "Sequential":
                continue  # torch takes the children positionally
            if name not in signature:
                problems.append("%s: torch has no keyword '%s'" % (type_name, name))
                continue
            default = signature[name].default
            if callable(default) and getattr(default, "__name__", None) == spec.get("default"):
                continue  # TransformerEncoderLayer's activation=F.relu is "relu" here
            if spec.get("required"):
                if default is not inspect.Parameter.empty:
                    problems.append("%s.%s: required here, torch defaults to %r" % (type_name, name, default))
            elif default is inspect.Parameter.empty:
                problems.append("%s.%s: torch requires it, default here %r" % (type_name, name, spec["default"]))
            elif spec["default"] != default and not (isinstance(default, tuple) and list(default) == spec["default"]):
                problems.append("%s.%s: default %r, torch has %r" % (type_name, name, spec["default"], default))
    return problems


def main():
    manifest = json.load(open(sys.argv[1]))
    if "schemas" in manifest:
        with open(os.path.join(os.path.dirname(sys.argv[1]), "torch_schema_check.json"), "w") as f:
            json.dump({"problems": check_schemas(manifest["schemas"])}, f)
    for job in manifest["jobs"]:
        status = {"ok": True}
        try:
            run(job, status)
        except Exception as e:  # reported to the C++ side, which decides whether it was expected
            status = {"error": "%s: %s" % (type(e).__name__, e)}
            if not job.get("error"):
                status["traceback"] = traceback.format_exc()
        with open(os.path.join(job["dir"], "torch_status.json"), "w") as f:
            json.dump(status, f)


if __name__ == "__main__":
    main()
