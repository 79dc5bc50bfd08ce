#!/usr/bin/python3
"""Writes random expression scripts as a conformance case file (cases/README.md's format).

usage: random_cases.py SEED COUNT OUTFILE

Each case composes 3-8 random steps from the op table below on float64 inputs that require grad
(broadcast shapes, views with steps, keepdim reductions, matmul, integer targets for nll_loss), ends
in a scalar `loss`, and asks for `# backward: loss`, so both values and gradients are compared with
torch. A drawn script is kept only when it is well conditioned: run in torch on its inputs and on
inputs moved by 1e-13 (relative), its values and gradients agree within the tolerance the test
compares Tessera with. A script whose result rounding decides (the std of a row that is constant up
to rounding, a comparison of two values equal up to rounding) is drawn again: torch and Tessera round
differently, and no tolerance can judge such a script. Prints how many cases use each op and how
many drafts were drawn again, for the test's log.
"""

import collections
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402  (the same folder: inputs and torch evaluation as the test's runner)

# test_random_scripts.cpp compares float64 at 100 times rtol 1e-12 / atol 1e-13.
RTOL, ATOL = 1e-10, 1e-11
NUDGE = 1e-13

# Steps on a value of shape [B, N]; each returns [B, N] (the expression text, the ops it uses).
UNARY = [
    ("{x}.tanh()", ["tanh"]), ("torch.sigmoid({x})", ["sigmoid"]), ("F.relu({x})", ["relu"]),
    ("{x}.abs()", ["abs"]), ("torch.sin({x})", ["sin"]), ("{x}.cos()", ["cos"]), ("-{x}", ["neg"]),
    ("({x} * 0.5).exp()", ["mul", "exp"]), ("({x}.abs() + 1).log()", ["abs", "add", "log"]),
    ("({x} * {x} + 1).sqrt()", ["mul", "add", "sqrt"]), ("{x} ** 2", ["pow"]), ("2 - {x}", ["rsub"]),
    ("{x}.softmax(-1)", ["softmax"]), ("F.log_softmax({x}, dim=1)", ["log_softmax"]),
    ("F.gelu({x})", ["gelu"]), ("F.silu({x})", ["silu"]), ("F.elu({x})", ["elu"]),
    ("F.leaky_relu({x}, 0.1)", ["leaky_relu"]), ("F.softplus({x})", ["softplus"]),
    ("{x}.clamp(-0.5, 0.5)", ["clamp"]), ("{x}.t().contiguous().t()", ["t", "contiguous"]),
    ("{x}.reshape(-1).view({B}, {N})", ["reshape", "view"]),
    ("{x}.unsqueeze(0).squeeze(0)", ["unsqueeze", "squeeze"]),
    ("F.layer_norm({x}, ({N},))", ["layer_norm"]), ("{x} - {x}.mean(1, keepdim=True)", ["mean", "sub"]),
    ("{x} / ({x}.std(0, keepdim=True) + 1)", ["std", "add", "div"]),
    ("{x} - {x}.amax(1, keepdim=True)", ["amax", "sub"]),
    ("{x}.logsumexp(1, keepdim=True) + {x}", ["logsumexp", "add"]),
    ("{x} @ w", ["matmul"]), ("torch.mm({x}.t().t(), w)", ["t", "mm"]),
    ("F.linear({x}, w, c)", ["linear"]), ("{x}.expand({B}, {N}) * 1.5", ["expand", "mul"]),
    ("{x}.var(1, keepdim=True) * {x}", ["var", "mul"]),
    ("{x}.index_put(({x} > 0.1,), {x}.mean() * 2)", ["gt", "index_put", "mean", "mul"]),
    ("{x}.t().index_put((k,), {x}.t()[:1] * 3, accumulate=True).t()", ["t", "slice", "mul", "index_put"]),
]
BINARY = [
    ("{x} + {y}", ["add"]), ("{x} - {y}", ["sub"]), ("{x} * {y}", ["mul"]),
    ("{x} / ({y}.abs() + 1)", ["abs", "add", "div"]), ("torch.maximum({x}, {y})", ["maximum"]),
    ("torch.minimum({x}, {y})", ["minimum"]), ("torch.where({x} > {y}, {x}, {y} * 2)", ["gt", "where", "mul"]),
    ("{x} * {y}[..., :1]", ["slice", "mul"]), ("{x} + {y}[::2].sum(0)", ["slice", "sum", "add"]),
]
# A plain sum or mean after layer_norm or softmax has a gradient that is zero by cancellation; torch and
# Tessera then differ by rounding noise (~1e-13) that no element-wise tolerance can judge, so the sum and
# the mean end through a non-linear map.
ENDINGS = [
    ("{x}.exp().sum()", ["exp", "sum"]), ("{x}.tanh().mean()", ["tanh", "mean"]), ("{x}.amax()", ["amax"]),
    ("{x}.logsumexp((0, 1))", ["logsumexp"]), ("{x}.var()", ["var"]), ("F.mse_loss({x}, {y})", ["mse_loss"]),
    ("F.smooth_l1_loss({x}, {y}, beta=0.5)", ["smooth_l1_loss"]), ("F.huber_loss({x}, {y})", ["huber_loss"]),
    ("F.nll_loss(F.log_softmax({x}, 1), k)", ["log_softmax", "nll_loss"]),
    ("F.cross_entropy({x}, k)", ["cross_entropy"]), ("F.l1_loss({x}, {y})", ["l1_loss"]),
    ("F.binary_cross_entropy_with_logits({x}, {y}.sigmoid())", ["sigmoid", "binary_cross_entropy_with_logits"]),
    ("{x}.prod(1).sum()", ["prod", "sum"]), ("{x}.max(1)[0].sum()", ["max", "select", "sum"]),
    ("F.cross_entropy({x}, k, label_smoothing=0.1)", ["cross_entropy"]),
    ("F.cross_entropy({x}, k, ignore_index=1, label_smoothing=0.2, reduction='sum')", ["cross_entropy"]),
    # On the input `a`, whose memory is row-major in torch too: torch 1.13's masked_select backward
    # (masked_scatter_ into zeros_like(input)) places the gradient in memory order, so for an input laid
    # out otherwise (a transposed step's result) torch's gradient lands on the wrong elements.
    ("{x}.exp().sum() + a.masked_select(a > 0.1).exp().sum()", ["exp", "sum", "gt", "masked_select", "add"]),
]


def well_conditioned(text):
    case = runner.parse_text(text, "<random>")[0]
    arrays = runner.case_inputs(case)
    try:
        base, _ = runner.evaluate(case, arrays)
    except Exception:  # noqa: BLE001  (an error is for the test to compare, not a conditioning matter)
        return True
    rng = np.random.default_rng(runner.case_seed(case["name"]) + 1)
    for _ in range(2):
        nudged = {name: a * (1 + NUDGE * rng.uniform(-1, 1, a.shape)) if a.dtype == np.float64 else a
                  for name, a in arrays.items()}
        try:
            moved = dict(runner.evaluate(case, nudged)[0])
        except Exception:  # noqa: BLE001
            return False
        for name, value in base:
            other = moved.get(name)
            if other is None or other.shape != value.shape:
                return False
            if value.dtype.kind == "f" and not np.allclose(other, value, rtol=RTOL, atol=ATOL, equal_nan=True):
                return False
            if value.dtype.kind != "f" and not np.array_equal(other, value):
                return False
    return True


def make_case(rng, index, counts):
    B, N = rng.randint(2, 4), rng.randint(2, 5)
    shapes = {"a": [B, N], "b": rng.choice([[B, N], [N], [B, 1], [1, N]]), "w": [N, N], "c": [N]}
    lines = [f"# case: random_{index}"]
    for name, shape in shapes.items():
        lines.append(f"# input: {name} float64 [{','.join(map(str, shape))}] normal")
    lines.append(f"# input: k int64 [{B}] randint 0 {N}")
    lines.append("# requires_grad: a,b,w,c")
    lines.append("# backward: loss")
    body = []
    used = set()
    names = ["a", "b"]
    for step in range(rng.randint(3, 8)):
        x = names[-1] if step else "a"
        if rng.random() < 0.35:
            template, ops = rng.choice(BINARY)
            text = template.format(x=x, y=rng.choice(names[:-1] or ["b"]))
        else:
            template, ops = rng.choice(UNARY)
            text = template.format(x=x, B=B, N=N)
        name = f"v{step}"
        body.append(f"{name} = {text}" + (" + b * 0" if step == 0 else ""))
        names.append(name)
        used.update(ops)
    template, ops = rng.choice(ENDINGS)
    body.append("loss = " + template.format(x=names[-1], y=names[-2]))
    used.update(ops)
    for op in used:
        counts[op] += 1
    return "\n".join(lines + body) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    counts = collections.Counter()
    cases = []
    redrawn = 0
    runner.torch.set_num_threads(1)  # as runner.py runs the cases
    for i in range(count):
        while True:
            draft_counts = collections.Counter()
            text = make_case(rng, i, draft_counts)
            if well_conditioned(text):
                break
            redrawn += 1
        counts.update(draft_counts)
        cases.append(text)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(f"# {count} random expression scripts, seed {seed}\n\n" + "\n".join(cases))
    print(" ".join(f"{op}:{n}" for op, n in sorted(counts.items())) + f"; {redrawn} ill-conditioned drafts drawn again")


if __name__ == "__main__":
    main()
