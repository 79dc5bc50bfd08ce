#!/usr/bin/python3
"""Torch side of the conformance tests (see tests/core/conformance/test_conformance.cpp).

usage: runner.py CASEFILE OUTDIR

For every case of CASEFILE (the format is described in cases/README.md):
generates its inputs with numpy (seeded from a hash of the case name) into OUTDIR/CASE/inputs/NAME.npy,
runs the script text in torch 1.13 with `torch` and `F` (torch.nn.functional) in scope, and saves every
assigned variable into OUTDIR/CASE/torch/: a tensor as NAME.npy, a Python int/float/bool as a 0-d
int64/float64/bool array, a tuple or list as NAME.0, NAME.1, … (recursively). None, strings and
dtypes are not saved. OUTDIR/manifest.json lists the cases, their scripts, outputs, torch's errors and,
for `# backward: VAR` cases, the grad_fn graph behind VAR (Node names and edges).
One python process runs a whole case file.
"""

import json
import os
import re
import sys
import traceback

import numpy as np
import torch
import torch.nn.functional as F

from case_text import CaseError, assigned_names, case_seed, finish_cases

DTYPES = {"float32": np.float32, "float64": np.float64, "int64": np.int64, "bool": np.bool_}


def parse_cases(path):
    with open(path, encoding="utf-8") as fh:
        return parse_text(fh.read(), path)


def parse_text(text, path):
    cases = []
    current = None
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        stripped = line.strip()
        m = re.match(r"#\s*case:\s*(\S+)\s*$", stripped)
        if m:
            current = {"name": m.group(1), "line": lineno, "inputs": [], "error": None,
                       "requires_grad": [], "backward": None, "graph_differs": None, "body": [],
                       "body_line": None}
            cases.append(current)
            continue
        if current is None:
            if stripped and not stripped.startswith("#"):
                raise CaseError(f"{path}:{lineno}: code before the first '# case:' line")
            continue
        m = re.match(r"#\s*(input|error|requires_grad|backward|graph-differs):\s*(.*)$", stripped)
        if m and not current["body"]:
            key, rest = m.group(1), m.group(2).strip()
            if key == "input":
                current["inputs"].append(parse_input(path, lineno, rest))
            elif key == "error":
                current["error"] = rest
            elif key == "requires_grad":
                current["requires_grad"] = [n.strip() for n in rest.split(",") if n.strip()]
            elif key == "graph-differs":
                current["graph_differs"] = rest
            else:
                current["backward"] = rest
            continue
        if current["body_line"] is None:
            if not stripped:
                continue
            current["body_line"] = lineno
        current["body"].append(line.rstrip("\n"))
    return finish_cases(cases, path)


def parse_input(path, lineno, text):
    m = re.match(r"(\w+)\s+(float32|float64|int64|bool)\s+\[([\d,\s]*)\]\s+(\w+)\s*(.*)$", text)
    if not m:
        raise CaseError(f"{path}:{lineno}: bad input line '{text}' (NAME DTYPE [SHAPE] DIST [ARGS])")
    name, dtype, shape, dist, args = m.groups()
    shape = [int(s) for s in shape.split(",") if s.strip()]
    args = [float(a) for a in args.split()]
    expected = {"normal": 0, "uniform": 2, "randint": 2, "bernoulli": 1}
    if dist not in expected or len(args) != expected[dist]:
        raise CaseError(f"{path}:{lineno}: distribution '{dist}' with {len(args)} arguments "
                        "(normal | uniform LO HI | randint LO HI | bernoulli P)")
    return {"name": name, "dtype": dtype, "shape": shape, "dist": dist, "args": args}


def generate(rng, spec):
    shape, dist, args = tuple(spec["shape"]), spec["dist"], spec["args"]
    if dist == "normal":
        values = rng.standard_normal(shape)
    elif dist == "uniform":
        values = rng.uniform(args[0], args[1], shape)
    elif dist == "randint":
        values = rng.integers(int(args[0]), int(args[1]), shape)
    else:
        values = rng.random(shape) < args[0]
    return np.asarray(values).astype(DTYPES[spec["dtype"]])


def flatten(name, value, out):
    if isinstance(value, torch.Tensor):
        out.append((name, value.detach().cpu().numpy()))
    elif isinstance(value, bool):
        out.append((name, np.array(value, dtype=np.bool_)))
    elif isinstance(value, int):
        out.append((name, np.array(value, dtype=np.int64)))
    elif isinstance(value, float):
        out.append((name, np.array(value, dtype=np.float64)))
    elif isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            flatten(f"{name}.{i}", item, out)


def grad_fn_graph(root):
    """The autograd graph behind `root`: Node names (type names, as torch prints grad_fn) and edges
    [from, to] along next_functions, nodes numbered in depth-first order from root.grad_fn."""
    nodes, edges, index = [], [], {}
    stack = [root.grad_fn] if root.grad_fn is not None else []
    while stack:
        fn = stack.pop()
        if fn in index:
            continue
        index[fn] = len(nodes)
        nodes.append(type(fn).__name__)
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                stack.append(nxt)
    for fn, i in index.items():
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                edges.append([i, index[nxt]])
    return {"nodes": nodes, "edges": edges}


def case_inputs(case):
    """The case's input arrays by name, drawn from a generator seeded by the case's name."""
    rng = np.random.default_rng(case_seed(case["name"]))
    return {spec["name"]: generate(rng, spec) for spec in case["inputs"]}


def evaluate(case, arrays):
    """Runs the case's script in torch on `arrays`: every assigned variable (flattened) and, for a
    `# backward:` case, the gradients of the tracked inputs, as (name, array) pairs; and the grad_fn
    graph behind the backward variable (None without one). Raises what the script raises."""
    scope = {"torch": torch, "F": F}
    for name, array in arrays.items():
        tensor = torch.from_numpy(array.copy())
        if name in case["requires_grad"]:
            tensor.requires_grad_(True)
        scope[name] = tensor
    torch.manual_seed(case_seed(case["name"]))
    code = compile(case["script"], case["name"] + ".py", "exec")
    exec(code, scope)
    out = []
    for name in assigned_names(case["script"]):
        flatten(name, scope[name], out)
    graph = None
    if case["backward"]:
        graph = grad_fn_graph(scope[case["backward"]])
        scope[case["backward"]].backward()
        for name in case["requires_grad"]:
            grad = scope[name].grad
            if grad is not None:
                out.append(("grad_" + name, grad.detach().numpy()))
    return out, graph


def run_case(case, outdir):
    case_dir = os.path.join(outdir, case["name"])
    inputs_dir = os.path.join(case_dir, "inputs")
    torch_dir = os.path.join(case_dir, "torch")
    os.makedirs(inputs_dir, exist_ok=True)
    os.makedirs(torch_dir, exist_ok=True)
    arrays = case_inputs(case)
    for name, array in arrays.items():
        np.save(os.path.join(inputs_dir, name + ".npy"), array)
    result = {"name": case["name"], "line": case["line"], "script_line": case["body_line"],
              "script": case["script"], "inputs": [s["name"] for s in case["inputs"]],
              "error": case["error"], "requires_grad": case["requires_grad"], "backward": case["backward"],
              "graph_differs": case["graph_differs"],
              "torch_error": None, "outputs": []}
    try:
        out, graph = evaluate(case, arrays)
        if graph is not None:
            result["graph"] = graph
        for name, array in out:
            np.save(os.path.join(torch_dir, name + ".npy"), array)
            result["outputs"].append(name)
    except Exception as exc:  # the case expects an error, or the C++ side reports torch's failure
        result["torch_error"] = f"{type(exc).__name__}: {exc}"
        if case["error"] is None:
            result["torch_traceback"] = traceback.format_exc()
    return result


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    case_file, outdir = sys.argv[1], sys.argv[2]
    torch.set_num_threads(1)
    try:
        cases = parse_cases(case_file)
    except CaseError as exc:
        sys.exit(str(exc))
    os.makedirs(outdir, exist_ok=True)
    results = [run_case(c, outdir) for c in cases]
    with open(os.path.join(outdir, "manifest.json"), "w", encoding="utf-8") as fh:
        json.dump({"file": case_file, "cases": results}, fh, indent=1)


if __name__ == "__main__":
    main()
