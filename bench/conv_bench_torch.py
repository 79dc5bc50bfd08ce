#!/usr/bin/python3
"""torch 1.13 side of conv_bench: the same shapes, thread count and timing rule (best of ROUNDS rounds of
REPS calls). Prints one line per case: NAME MICROSECONDS.

usage: conv_bench_torch.py THREADS ROUNDS REPS WARMUP
"""
import torch
import torch.nn.functional as F

from side_by_side import best_of, settings

CASES = [("conv2d_1to8", 1, 8), ("conv2d_8to16", 8, 16)]


def main():
    _, rounds, reps, warmup = settings()
    for name, cin, cout in CASES:
        x = torch.randn(64, cin, 28, 28)
        w = torch.randn(cout, cin, 3, 3)
        b = torch.randn(cout)
        with torch.no_grad():
            print(f"{name}_forward {best_of(lambda: F.conv2d(x, w, b, padding=1), rounds, reps, warmup):.1f}")
        xg, wg, bg = (t.clone().requires_grad_() for t in (x, w, b))
        g = torch.randn(64, cout, 28, 28)

        def step():
            F.conv2d(xg, wg, bg, padding=1).backward(g)

        print(f"{name}_forward_backward {best_of(step, rounds, reps, warmup):.1f}")


if __name__ == "__main__":
    main()
