"""Walks torch's autograd graph for test_computation_graph_model: reads a JSON case on stdin
({"script", "inputs": [{"name", "shape", "values", "dtype", "requiresGrad"}], "backward"}), runs the
script in torch, runs backward on the target (the last assigned one-element tensor with a grad_fn
unless named), and prints the graph walked depth-first from the root's grad_fn along
grad_fn.next_functions: node names (an AccumulateGrad followed by ':' and its variable's name),
edges [from, outputIndex, to, inputNr] and every input's .grad."""
import json
import sys

import torch
import torch.nn.functional as F

case = json.load(sys.stdin)
ns = {"torch": torch, "F": F}
inputs = {}
for spec in case["inputs"]:
    dtype = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64}[spec.get("dtype", "float32")]
    t = torch.tensor(spec["values"], dtype=torch.float64).reshape(spec["shape"]).to(dtype)
    if spec.get("requiresGrad", True):
        t.requires_grad_(True)
    ns[spec["name"]] = t
    inputs[spec["name"]] = t
before = set(ns)
exec(case["script"], ns)
assigned = [k for k in ns if k not in before or k in inputs and ns[k] is not inputs[k]]
target = case.get("backward") or ""
if not target:
    for name in reversed(assigned):
        v = ns[name]
        if isinstance(v, torch.Tensor) and v.grad_fn is not None and v.numel() == 1:
            target = name
            break
root = ns[target]


def variable_name(var):
    for k, v in ns.items():
        if v is var:
            return k
    return "leaf"


ids, names, edges = {}, [], []


def visit(fn):
    if fn in ids:
        return ids[fn]
    ids[fn] = len(names)
    label = type(fn).__name__
    if label == "AccumulateGrad":
        label += ":" + variable_name(fn.variable)
    names.append(label)
    for i, (nf, input_nr) in enumerate(fn.next_functions):
        if nf is None:
            continue
        j = visit(nf)
        edges.append([ids[fn], i, j, input_nr])
    return ids[fn]


visit(root.grad_fn)
root.backward()
grads = {k: (v.grad.double().flatten().tolist() if v.grad is not None else None) for k, v in inputs.items()}
print(json.dumps({"target": target, "names": names, "edges": edges, "grads": grads}))
