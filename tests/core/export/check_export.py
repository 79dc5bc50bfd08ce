"""Checks of an exported code folder, run by test_torch_code.cpp with Debian's python3-torch.

    check_export.py outputs DIR WEIGHTS EXPECTED.npy   # model(test_x) with WEIGHTS equals Tessera's output
    check_export.py steps DIR TESSERA_STEPS.csv        # train.py's per-step losses equal Tessera's
    check_export.py lint DIR                           # py_compile + no unused imports
    check_export.py ddp-gradients DIR                  # DDP's averaged gradients equal one process's
Prints one JSON line; exits 1 with a message when a check fails.
"""
import ast
import csv
import json
import os
import py_compile
import subprocess
import sys
import tempfile
from pathlib import Path


def fail(message):
    print(json.dumps({"ok": False, "message": message}))
    sys.exit(1)


def outputs(folder, weights, expected_file):
    sys.path.insert(0, str(folder))
    import numpy as np
    import torch
    from model import Model, load_weights

    model = load_weights(Model(), weights).eval()
    with torch.no_grad():
        got = model(torch.from_numpy(np.load(folder / "data" / "test_x.npy"))).numpy()
    expected = np.load(expected_file)
    if got.shape != expected.shape:
        fail(f"output shape {got.shape}, Tessera's {expected.shape}")
    error = float(np.max(np.abs(got.astype(np.float64) - expected)))
    scale = float(np.max(np.abs(expected))) or 1.0
    print(json.dumps({"ok": error <= 1e-5 * max(1.0, scale), "max_abs_error": error, "scale": scale}))


def steps(folder, tessera_steps):
    with tempfile.TemporaryDirectory() as out:
        log = Path(out) / "steps.csv"
        run = subprocess.run([sys.executable, "train.py", "--epochs", "1", "--out", out, "--steps-csv", str(log)],
                             cwd=folder, capture_output=True, text=True)
        if run.returncode != 0:
            fail("train.py failed: " + run.stderr[-2000:])
        ours = [float(r["loss"]) for r in csv.DictReader(open(log))]
    theirs = [float(r["loss"]) for r in csv.DictReader(open(tessera_steps))]
    if len(ours) != len(theirs):
        fail(f"train.py made {len(ours)} steps, Tessera {len(theirs)}")
    worst = max(abs(a - b) / max(abs(b), 1e-12) for a, b in zip(ours, theirs))
    print(json.dumps({"ok": worst <= 1e-4, "steps": len(ours), "max_rel_error": worst}))


def lint(folder):
    problems = []
    compiled = tempfile.mkdtemp()
    for file in sorted(folder.glob("*.py")):
        py_compile.compile(str(file), doraise=True, cfile=os.path.join(compiled, file.name + "c"))
        tree = ast.parse(file.read_text())
        imported = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    imported[(alias.asname or alias.name).split(".")[0]] = node.lineno
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    imported[alias.asname or alias.name] = node.lineno
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        used |= {n.value.id for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}
        for name, line in imported.items():
            if name not in used:
                problems.append(f"{file.name}:{line}: '{name}' is imported but not used")
    if problems:
        fail("; ".join(problems))
    print(json.dumps({"ok": True, "files": len(list(folder.glob('*.py')))}))


DDP_SCRIPT = r'''
import os, sys, torch, torch.distributed as dist
sys.path.insert(0, os.getcwd())
import train
from data import load_split
from model import Model, load_weights
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler
dist.init_process_group("gloo")
world, rank = dist.get_world_size(), dist.get_rank()
model = load_weights(Model(), "initial_weights.safetensors")
ddp = DistributedDataParallel(model)
data = load_split("train")
sampler = DistributedSampler(data, shuffle=False)
x, y = next(iter(DataLoader(data, batch_size=train.BATCH_SIZE // world, sampler=sampler)))
criterion = train.loss_function()
_, loss = train.predict_and_loss(ddp, criterion, x, y)
loss.backward()
if rank == 0:
    torch.save({k: p.grad for k, p in model.named_parameters()}, sys.argv[1])
dist.destroy_process_group()
'''


def ddp_gradients(folder):
    sys.path.insert(0, str(folder))
    os.chdir(folder)
    import torch
    import train
    from data import load_split
    from model import Model, load_weights
    from torch.utils.data import DataLoader

    with tempfile.TemporaryDirectory() as out:
        script, grads = Path(out) / "ddp.py", Path(out) / "grads.pt"
        script.write_text(DDP_SCRIPT)
        run = subprocess.run(["torchrun", "--standalone", "--nproc_per_node=2", "--redirects", "1", "--tee", "1", str(script),
                              str(grads)],
                             cwd=folder, capture_output=True, text=True)
        if run.returncode != 0:
            fail("torchrun failed: " + run.stderr[-2000:])
        distributed = torch.load(grads)
    model = load_weights(Model(), "initial_weights.safetensors")
    x, y = next(iter(DataLoader(load_split("train"), batch_size=train.BATCH_SIZE)))
    _, loss = train.predict_and_loss(model, train.loss_function(), x, y)
    loss.backward()
    worst = 0.0
    for name, p in model.named_parameters():
        d = distributed[name]
        worst = max(worst, float((p.grad - d).abs().max()) / max(float(p.grad.abs().max()), 1e-12))
    print(json.dumps({"ok": worst <= 1e-5, "max_rel_error": worst, "parameters": len(distributed)}))


if __name__ == "__main__":
    command, folder = sys.argv[1], Path(sys.argv[2]).resolve()
    if command == "outputs":
        outputs(folder, sys.argv[3], sys.argv[4])
    elif command == "steps":
        steps(folder, sys.argv[3])
    elif command == "lint":
        lint(folder)
    elif command == "ddp-gradients":
        ddp_gradients(folder)
    else:
        fail("unknown check " + command)
