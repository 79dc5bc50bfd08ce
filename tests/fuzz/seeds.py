"""Writes the seed corpora of the fuzzers (run with /usr/bin/python3; docs/RELIABILITY.md).

  seeds.py OUTDIR [RUN_DIR]   OUTDIR/<surface>/ gets the seeds; RUN_DIR is the --out folder of a
                              `tessera-cli train resources/examples/digits-cnn.tessera` run, whose
                              checkpoint and weights seed the checkpoint and safetensors fuzzers.

Seeds: the example projects; the CSV test files and built-in data sets (cut to 40 lines) behind the two
option bytes fuzz_csv reads; the conformance cases as scripts; .npy files of every supported dtype
and order written by numpy; ONNX models exported by torch (an MLP and a CNN with batch norm); and
safetensors files written by hand from the spec.
"""
import glob
import io
import json
import os
import re
import struct
import sys

import numpy as np

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = sys.argv[1]
run_dir = sys.argv[2] if len(sys.argv) > 2 else None


def write(surface, name, data):
    os.makedirs(os.path.join(out, surface), exist_ok=True)
    with open(os.path.join(out, surface, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


for p in sorted(glob.glob(os.path.join(root, "resources/examples/*.tessera"))):
    write("project", os.path.basename(p), open(p, "rb").read())

csvs = sorted(glob.glob(os.path.join(root, "tests/data/csv/*.csv")) + glob.glob(os.path.join(root, "resources/datasets/*.csv")))
for i, p in enumerate(csvs):
    lines = open(p, "rb").read().split(b"\n")[:40]
    body = b"\n".join(lines) + b"\n"
    for opts in (b"\x00\x00", bytes([i * 37 % 256, i * 91 % 256])):
        write("csv", "%s-%02x%02x.csv" % (os.path.basename(p)[:-4], opts[0], opts[1]), opts + body)

for p in sorted(glob.glob(os.path.join(root, "tests/core/conformance/cases/*.py"))):
    text = open(p).read()
    for n, case in enumerate(re.split(r"^# case: ", text, flags=re.M)[1:]):
        body = "\n".join(l for l in case.split("\n")[1:] if not l.startswith("#")).strip() + "\n"
        if body.strip():
            write("script", "%s-%03d.py" % (os.path.basename(p)[:-3], n), body)

arrays = {
    "f4": np.arange(12, dtype="<f4").reshape(3, 4),
    "f8-fortran": np.asfortranarray(np.linspace(0, 1, 6, dtype="<f8").reshape(2, 3)),
    "i8": np.arange(5, dtype="<i8"),
    "b1": np.array([True, False, True]),
    "scalar": np.array(3.5, dtype="<f4"),
    "empty": np.zeros((0, 3), dtype="<f4"),
}
for name, a in arrays.items():
    buf = io.BytesIO()
    np.save(buf, a)
    write("npy", name + ".npy", buf.getvalue())


def safetensors(tensors, metadata=None):
    header, blobs, offset = {}, [], 0
    for name, a in tensors.items():
        raw = a.tobytes()
        header[name] = {"dtype": {"float32": "F32", "float64": "F64", "int64": "I64", "bool": "BOOL"}[str(a.dtype)],
                        "shape": list(a.shape), "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + b"".join(blobs)


write("safetensors", "small.safetensors",
      safetensors({"a": np.ones((2, 2), dtype="<f4"), "b": np.arange(3, dtype="<i8")}, {"format": "pt"}))

try:
    import torch
    from torch import nn

    torch.manual_seed(0)
    models = {
        "mlp": (nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3)), torch.randn(2, 6)),
        "cnn": (nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.BatchNorm2d(2), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Flatten(), nn.Linear(2 * 2 * 2, 3)), torch.randn(2, 1, 4, 4)),
    }
    for name, (m, x) in models.items():
        buf = io.BytesIO()
        torch.onnx.export(m.eval(), x, buf, opset_version=17, input_names=["x"], output_names=["y"],
                          dynamic_axes={"x": {0: "N"}, "y": {0: "N"}},
                          training=torch.onnx.TrainingMode.PRESERVE)
        write("onnx", name + ".onnx", buf.getvalue())
except ImportError:
    print("seeds.py: torch is missing; no ONNX seeds", file=sys.stderr)

if run_dir:
    write("checkpoint", "digits-cnn.checkpoint", open(os.path.join(run_dir, "checkpoint"), "rb").read())
    write("safetensors", "digits-cnn.safetensors", open(os.path.join(run_dir, "weights.safetensors"), "rb").read())
