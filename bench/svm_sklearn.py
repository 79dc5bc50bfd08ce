#!/usr/bin/python3
"""sklearn 1.2.1 side of svm_bench: SVC() (rbf, gamma='scale', C=1) fit on make_classification(5000, 20,
n_informative=10, random_state=0) and predict on the same rows; BLAS limited to THREADS (libsvm itself
is single-threaded). Writes X, y and sklearn's predictions and decision values to OUT_DIR and prints NAME
VALUE lines: svc_fit and svc_predict in microseconds, n_support, peak_rss_kib.

usage: svm_sklearn.py THREADS ROUNDS REPS WARMUP OUT_DIR [cpu]   (cpu: the thread's CPU clock, one thread)
"""
import os
import resource
import sys
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.svm import SVC
from threadpoolctl import threadpool_limits


CLOCK = time.thread_time if len(sys.argv) > 6 and sys.argv[6] == "cpu" else time.perf_counter


def best_of(fn, rounds, reps, warmup):
    for _ in range(warmup):
        out = fn()
    best = float("inf")
    for _ in range(rounds):
        start = CLOCK()
        for _ in range(reps):
            out = fn()
        best = min(best, (CLOCK() - start) / reps)
    return best, out


def main():
    threads, rounds, reps, warmup = (int(a) for a in sys.argv[1:5])
    out = sys.argv[5]
    X, y = make_classification(5000, 20, n_informative=10, random_state=0)
    np.save(os.path.join(out, "X.npy"), X)
    np.save(os.path.join(out, "y.npy"), y.astype(np.int64))
    with threadpool_limits(threads):
        t_f, svc = best_of(lambda: SVC().fit(X, y), rounds, reps, warmup)
        t_p, pred = best_of(lambda: svc.predict(X), rounds, reps, warmup)
    np.save(os.path.join(out, "decision.npy"), svc.decision_function(X))
    print(f"svc_fit {t_f * 1e6:.1f}")
    print(f"svc_predict {t_p * 1e6:.1f}")
    print(f"n_support {svc.support_.size}")
    print(f"peak_rss_kib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")


if __name__ == "__main__":
    main()
