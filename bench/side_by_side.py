"""What the torch sides of the side-by-side benchmarks share (see side_by_side.h): the command line
`SCRIPT THREADS ROUNDS REPS WARMUP [cpu]` and the timing rule, best of ROUNDS rounds of REPS calls after
WARMUP warm-up calls, on the wall clock or, with `cpu` (one thread), the thread's CPU clock."""
import sys
import time

import torch

_clock = time.perf_counter


def settings():
    """(threads, rounds, reps, warmup) from the command line; torch set to that many threads, seeded 0."""
    global _clock
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    if len(sys.argv) > 5 and sys.argv[5] == "cpu":
        _clock = time.thread_time
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    return threads, rounds, reps, warmup


def best_of(fn, rounds, reps, warmup):
    """Microseconds per call on the chosen clock: the best round of `reps` calls."""
    for _ in range(warmup):
        fn()
    best = float("inf")
    for _ in range(rounds):
        start = _clock()
        for _ in range(reps):
            fn()
        best = min(best, (_clock() - start) / reps)
    return best * 1e6
