#!/usr/bin/python3
"""torch 1.13 side of conv_bench: the same shapes, thread count and timing rule (best of ROUNDS rounds of
REPS calls). Prints one line per case: NAME MICROSECONDS.

usage: conv_bench_torch.py THREADS ROUNDS REPS
"""
import sys
import time

import torch
import torch.nn.functional as F

CASES = [("conv2d_1to8", 1, 8), ("conv2d_8to16", 8, 16)]


def best_of(fn, rounds, reps):
    for _ in range(3):
        fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - start) / reps)
    return best * 1e6


def main():
    threads, rounds, reps = (int(a) for a in sys.argv[1:4])
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    for name, cin, cout in CASES:
        x = torch.randn(64, cin, 28, 28)
        w = torch.randn(cout, cin, 3, 3)
        b = torch.randn(cout)
        with torch.no_grad():
            print(f"{name}_forward {best_of(lambda: F.conv2d(x, w, b, padding=1), rounds, reps):.1f}")
        xg, wg, bg = (t.clone().requires_grad_() for t in (x, w, b))
        g = torch.randn(64, cout, 28, 28)

        def step():
            F.conv2d(xg, wg, bg, padding=1).backward(g)

        print(f"{name}_forward_backward {best_of(step, rounds, reps):.1f}")


if __name__ == "__main__":
    main()
