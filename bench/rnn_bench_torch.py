#!/usr/bin/python3
"""torch 1.13 side of rnn_bench: the same layers, shapes, thread count and timing rule (best of ROUNDS
rounds of REPS calls). Prints one line per case: NAME MICROSECONDS.

usage: rnn_bench_torch.py THREADS ROUNDS REPS WARMUP
"""
import torch

from side_by_side import best_of, settings

STEPS, BATCH, FEATURES = 50, 32, 64


def main():
    _, rounds, reps, warmup = settings()
    x = torch.randn(STEPS, BATCH, FEATURES)
    g = torch.randn(STEPS, BATCH, FEATURES)
    for name, cls in (("gru", torch.nn.GRU), ("lstm", torch.nn.LSTM)):
        layer = cls(FEATURES, FEATURES)
        with torch.no_grad():
            print(f"{name}_forward {best_of(lambda: layer(x), rounds, reps, warmup):.1f}")
        xg = x.clone().requires_grad_()

        def step():
            layer(xg)[0].backward(g)
            layer.zero_grad(set_to_none=True)
            xg.grad = None

        print(f"{name}_forward_backward {best_of(step, rounds, reps, warmup):.1f}")


if __name__ == "__main__":
    main()
