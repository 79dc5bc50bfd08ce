"""The sklearn 1.2.1 side of search_bench: `SCRIPT THREADS ROUNDS REPS WARMUP`. One timed
GridSearchCV(make_pipeline(StandardScaler(), PolynomialFeatures(2), Ridge()), 5 alphas, cv=5, n_jobs=THREADS)
fit on RandomState(0) data of 20000×50 (the data search_bench draws). Prints `wall_s`, `cpu_s` (this
process and its loky workers), `peak_rss_kb` (the largest sum of RSS over this process and its workers,
sampled every 20 ms), `best_alpha` and `best_score`."""
import sys
import threading
import time

import numpy as np
import psutil
from sklearn.linear_model import Ridge
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler


class TreeSampler(threading.Thread):
    """Peak total RSS and the last CPU times seen of this process and every descendant."""

    def __init__(self):
        super().__init__(daemon=True)
        self.me = psutil.Process()
        self.peak = 0
        self.cpu = {}
        self.running = True

    def sample(self):
        total = 0
        for proc in [self.me] + self.me.children(recursive=True):
            try:
                total += proc.memory_info().rss
                t = proc.cpu_times()
                self.cpu[proc.pid] = t.user + t.system
            except psutil.Error:
                pass
        self.peak = max(self.peak, total)

    def run(self):
        while self.running:
            self.sample()
            time.sleep(0.02)


def main():
    threads = int(sys.argv[1])
    n, p = 20000, 50
    rng = np.random.RandomState(0)
    X = rng.standard_normal(n * p).reshape(n, p)
    w = rng.standard_normal(p)
    noise = rng.standard_normal(n)
    y = X @ w + 0.3 * X[:, 0] * X[:, 1] + noise
    search = GridSearchCV(make_pipeline(StandardScaler(), PolynomialFeatures(2), Ridge()),
                          {"ridge__alpha": [0.1, 1.0, 10.0, 100.0, 1000.0]}, cv=5, n_jobs=threads)
    sampler = TreeSampler()
    sampler.sample()
    cpu0 = sum(sampler.cpu.values())
    sampler.start()
    start = time.perf_counter()
    search.fit(X, y)
    wall = time.perf_counter() - start
    sampler.running = False
    sampler.join()
    sampler.sample()
    print("wall_s", wall)
    print("cpu_s", sum(sampler.cpu.values()) - cpu0)
    print("peak_rss_kb", sampler.peak / 1024)
    print("best_alpha", search.best_params_["ridge__alpha"])
    print("best_score", search.best_score_, flush=True)


if __name__ == "__main__":
    main()
