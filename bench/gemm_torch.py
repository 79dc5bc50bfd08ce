#!/usr/bin/python3
"""torch 1.13's matmul at the shapes of gemm_bench (a second reference beside cblas_sgemm; torch calls the
same OpenBLAS, through its own dispatch). Run with /usr/bin/python3 (Debian's torch):

    /usr/bin/python3 bench/gemm_torch.py            # square sizes at 1 and 2 threads, training shapes at 1

Prints GFLOP/s, best of several runs, in the layout of gemm_bench's table.
"""

import time

import torch

SQUARE = [("square 512", 512, 512, 512, False, False), ("square 1024", 1024, 1024, 1024, False, False),
          ("square 2048", 2048, 2048, 2048, False, False)]
TRAINING = [
    ("mlp fc1 fwd X.W^T", 256, 64, 32, False, True), ("mlp fc2 fwd X.W^T", 256, 32, 64, False, True),
    ("mlp fc3 fwd X.W^T", 256, 8, 32, False, True), ("mlp fc3 bwd dY.W", 256, 32, 8, False, False),
    ("mlp fc2 bwd dY.W", 256, 64, 32, False, False), ("mlp fc3 bwd dY^T.X", 8, 32, 256, True, False),
    ("mlp fc2 bwd dY^T.X", 32, 64, 256, True, False), ("mlp fc1 bwd dY^T.X", 64, 32, 256, True, False),
    ("wide fwd X.W^T", 512, 256, 256, False, True), ("wide bwd dY.W", 512, 256, 256, False, False),
    ("wide bwd dY^T.X", 256, 256, 512, True, False), ("conv im2col 8->16", 16, 784, 72, False, False),
]


def best_seconds(fn, budget):
    fn()
    best, spent, samples = float("inf"), 0.0, 0
    while samples < 3 or spent < budget:
        reps, t = 1, 0.0
        while True:
            t0 = time.perf_counter()
            for _ in range(reps):
                fn()
            t = time.perf_counter() - t0
            if t >= 2e-3:
                break
            reps *= 2
        best = min(best, t / reps)
        spent += t
        samples += 1
    return best


def run(shapes, threads, budget):
    torch.set_num_threads(threads)
    for name, m, n, k, ta, tb in shapes:
        a = torch.randn(k, m) if ta else torch.randn(m, k)
        b = torch.randn(n, k) if tb else torch.randn(k, n)
        a_op = a.t() if ta else a
        b_op = b.t() if tb else b
        out = torch.empty(m, n)
        secs = best_seconds(lambda: torch.matmul(a_op, b_op, out=out), budget)
        print(f"| {name:<22} | {m:4} | {n:4} | {k:4} | {'T' if ta else 'N'}{'T' if tb else 'N'}    | {threads} "
              f"| {2.0 * m * n * k / secs * 1e-9:9.1f} |", flush=True)


def main():
    print(f"torch {torch.__version__}; {torch.__config__.parallel_info().splitlines()[0]}")
    print("| case                   |    M |    N |    K | op    | T |     torch |")
    print("|------------------------|------|------|------|-------|---|-----------|")
    for threads in (1, 2):
        run(SQUARE, threads, 0.5)
    run(TRAINING, 1, 0.2)


if __name__ == "__main__":
    main()
