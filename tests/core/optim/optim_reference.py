"""torch 1.13 reference runs for tests/core/optim (run with /usr/bin/python3 DIR).

DIR/cases.json lists cases; for case i this writes, with numpy's generator seeded by the case's seed:
  case{i}_p{j}_init.npy   the starting parameters (shapes [3, 4] and [5])
  case{i}_p{j}_grads.npy  the gradient sequence, one row per step (step k of param j is grads[k])
  case{i}_p{j}_final.npy  the parameters after the steps in torch.optim
  case{i}_lrs.npy         each group's learning rate after each step (and scheduler step), [steps, groups]
A case: {"optimizer": name, "options": {...}, "dtype": "float64"|"float32", "seed": n, "steps": n,
"group2": {...} (optional: the second parameter gets its own group with these options),
"skip": k (optional: the second parameter has no gradient on steps where step % k == k - 1),
"scheduler": name, "scheduler_options": {...} (optional)}.
"""
import json
import os
import sys

import numpy as np
import torch

out = sys.argv[1]
with open(os.path.join(out, "cases.json")) as f:
    cases = json.load(f)

SHAPES = [[3, 4], [5]]


def kwargs(options):
    return {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}


for i, case in enumerate(cases):
    rng = np.random.default_rng(case["seed"])
    dtype = np.float64 if case["dtype"] == "float64" else np.float32
    steps = case["steps"]
    init = [rng.standard_normal(s).astype(dtype) for s in SHAPES]
    grads = [rng.standard_normal([steps] + s).astype(dtype) for s in SHAPES]
    for j in range(len(SHAPES)):
        np.save(os.path.join(out, f"case{i}_p{j}_init.npy"), init[j])
        np.save(os.path.join(out, f"case{i}_p{j}_grads.npy"), grads[j])
    params = [torch.tensor(a, requires_grad=True) for a in init]
    if "group2" in case:
        groups = [{"params": [params[0]]}, dict(kwargs(case["group2"]), params=[params[1]])]
    else:
        groups = params
    opt = getattr(torch.optim, case["optimizer"])(groups, **kwargs(case["options"]))
    sched = None
    if "scheduler" in case:
        sched = getattr(torch.optim.lr_scheduler, case["scheduler"])(opt, **kwargs(case["scheduler_options"]))
    skip = case.get("skip", 0)
    lrs = []
    for k in range(steps):
        for j, p in enumerate(params):
            if j == 1 and skip and k % skip == skip - 1:
                p.grad = None
            else:
                p.grad = torch.from_numpy(grads[j][k].copy())
        opt.step()
        if sched is not None:
            sched.step()
        lrs.append([g["lr"] for g in opt.param_groups])
    for j, p in enumerate(params):
        np.save(os.path.join(out, f"case{i}_p{j}_final.npy"), p.detach().numpy())
    np.save(os.path.join(out, f"case{i}_lrs.npy"), np.array(lrs, dtype=np.float64))
