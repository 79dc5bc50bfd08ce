#!/usr/bin/python3
"""torch 1.13 side of rnn_bench: the same layers, shapes, thread count and timing rule (best of ROUNDS
rounds of REPS calls). Prints one line per case: NAME MICROSECONDS.

usage: rnn_bench_torch.py THREADS ROUNDS REPS
"""
import sys
import time

import torch

STEPS, BATCH, FEATURES = 50, 32, 64


def best_of(fn, rounds, reps):
    for _ in range(2):
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
    x = torch.randn(STEPS, BATCH, FEATURES)
    g = torch.randn(STEPS, BATCH, FEATURES)
    for name, cls in (("gru", torch.nn.GRU), ("lstm", torch.nn.LSTM)):
        layer = cls(FEATURES, FEATURES)
        with torch.no_grad():
            print(f"{name}_forward {best_of(lambda: layer(x), rounds, reps):.1f}")
        xg = x.clone().requires_grad_()

        def step():
            layer(xg)[0].backward(g)
            layer.zero_grad(set_to_none=True)
            xg.grad = None

        print(f"{name}_forward_backward {best_of(step, rounds, reps):.1f}")


if __name__ == "__main__":
    main()
