"""What the torch sides of the side-by-side benchmarks share (see side_by_side.h): the command line
`SCRIPT THREADS ROUNDS REPS WARMUP` and the timing rule, best of ROUNDS rounds of REPS calls after WARMUP
warm-up calls."""
import sys
import time

import torch


def settings():
    """(threads, rounds, reps, warmup) from the command line; torch set to that many threads, seeded 0."""
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    return threads, rounds, reps, warmup


def best_of(fn, rounds, reps, warmup):
    """Wall-clock microseconds per call: the best round of `reps` calls."""
    for _ in range(warmup):
        fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - start) / reps)
    return best * 1e6
