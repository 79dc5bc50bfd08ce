"""Every number torch computes in one forward and backward, for test_step_numbers: reads a JSON list of
cases on stdin, each ({"script", "inputs": [{"name", "shape", "values", "dtype", "requiresGrad"}], "backward"}), runs
the script in torch recording the output of each op that gets a grad_fn, then runs backward on the
target (as graph_walk.py picks it) with a hook on every Node. Nodes are numbered by a depth-first
walk along grad_fn.next_functions from the target's grad_fn, then from each named tensor's grad_fn
that walk did not reach (in order of assignment) — as the computation-graph view draws them.

Prints a list with, per case, {"target", "names", "edges", "forward": [[values or null per output number]], "gradsIn",
"gradsOut": [[values or null]] per Node (what its hook saw), "order": [Node numbers in the engine's
order], "gradBefore"/"gradAfter": {input: values or null}}."""
import json
import sys

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def values(t):
    return None if t is None else t.detach().double().flatten().tolist()


def run(case):
    ns = {"torch": torch, "F": F}
    inputs = {}
    for spec in case["inputs"]:
        dtype = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64}[spec.get("dtype", "float32")]
        t = torch.tensor(spec["values"], dtype=torch.float64).reshape(spec["shape"]).to(dtype)
        if spec.get("requiresGrad", True):
            t.requires_grad_(True)
        ns[spec["name"]] = t
        inputs[spec["name"]] = t

    outputs = {}  # grad_fn -> {output_nr: values when computed}


    class RecordOutputs(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            result = func(*args, **(kwargs or {}))
            for r in result if isinstance(result, (tuple, list)) else (result,):
                if isinstance(r, torch.Tensor) and r.grad_fn is not None:
                    outputs.setdefault(r.grad_fn, {})[r.output_nr] = values(r)
            return result


    before = set(ns)
    with RecordOutputs():
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

    ids, nodes, names, edges = {}, [], [], []


    def variable_name(var):
        for k, v in ns.items():
            if v is var:
                return k
        return "leaf"


    def visit(fn):
        if fn in ids:
            return ids[fn]
        ids[fn] = len(nodes)
        nodes.append(fn)
        label = type(fn).__name__
        if label == "AccumulateGrad":
            label += ":" + variable_name(fn.variable)
        names.append(label)
        for i, (nf, input_nr) in enumerate(fn.next_functions):
            if nf is not None:
                edges.append([ids[fn], i, visit(nf), input_nr])
        return ids[fn]


    visit(root.grad_fn)
    for name in assigned:
        v = ns[name]
        if isinstance(v, torch.Tensor) and v.grad_fn is not None and v.grad_fn not in ids:
            visit(v.grad_fn)

    grads_in = [None] * len(nodes)
    grads_out = [None] * len(nodes)
    order = []


    def hook_for(k):
        # torch calls a Node hook with (grad_inputs, grad_outputs): what it produced, what it received.
        def hook(produced, received):
            order.append(k)
            grads_in[k] = [values(g) for g in received]
            grads_out[k] = [values(g) for g in produced]

        return hook


    for k, fn in enumerate(nodes):
        fn.register_hook(hook_for(k))
    grad_before = {k: values(v.grad) for k, v in inputs.items()}
    root.backward()
    forward = []
    for fn in nodes:
        recorded = outputs.get(fn, {})
        forward.append([recorded.get(i) for i in range(max(recorded) + 1)] if recorded else [])
    return ({"target": target, "names": names, "edges": edges, "forward": forward, "gradsIn": grads_in,
                      "gradsOut": grads_out, "order": order, "gradBefore": grad_before,
                      "gradAfter": {k: values(v.grad) for k, v in inputs.items()}})


cases = json.load(sys.stdin)
print(json.dumps([run(c) for c in cases]))
