#!/usr/bin/python3
"""sklearn 1.2.1 side of cluster_decomposition_bench: KMeans(n_clusters=8, n_init=4, random_state=0) fit
on make_classification(20000, 20, n_informative=10, random_state=0), and PCA() fit_transform on
make_classification(20000, 50, n_informative=20, random_state=1), and DBSCAN(eps=2.0, min_samples=10)
fit on make_blobs(20000, 10, centers=8, random_state=2) (a kd-tree on one thread: DBSCAN's n_jobs=None),
and TSNE(random_state=0) fit_transform on make_blobs(2000, 50, centers=10, random_state=3) (timed once:
one fit is tens of seconds);
OpenMP/BLAS limited to THREADS. Writes the data sets and sklearn's KMeans and DBSCAN labels to OUT_DIR and
prints NAME VALUE lines: kmeans_fit, pca_fit_transform and dbscan_fit in microseconds, kmeans_inertia,
tsne_fit_transform, tsne_kl, peak_rss_kib. With `cpu` (one thread) the rounds are timed on the thread's CPU clock, as
cluster_decomposition_bench --cpu-time times its side.

usage: cluster_decomposition_sklearn.py THREADS ROUNDS REPS WARMUP OUT_DIR [cpu]
"""
import os
import resource
import sys
import time

import numpy as np
from sklearn.cluster import DBSCAN, KMeans
from sklearn.datasets import make_blobs, make_classification
from sklearn.decomposition import PCA
from sklearn.manifold import TSNE
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
    Xk, _ = make_classification(20000, 20, n_informative=10, random_state=0)
    Xp, _ = make_classification(20000, 50, n_informative=20, random_state=1)
    np.save(os.path.join(out, "X_kmeans.npy"), Xk)
    np.save(os.path.join(out, "X_pca.npy"), Xp)
    Xd, _ = make_blobs(20000, 10, centers=8, cluster_std=1.0, random_state=2)
    np.save(os.path.join(out, "X_dbscan.npy"), Xd)
    Xt, _ = make_blobs(2000, 50, centers=10, random_state=3)
    np.save(os.path.join(out, "X_tsne.npy"), Xt)
    with threadpool_limits(threads):
        t_k, km = best_of(lambda: KMeans(n_clusters=8, n_init=4, random_state=0).fit(Xk), rounds, reps, warmup)
        t_p, _ = best_of(lambda: PCA().fit_transform(Xp), rounds, reps, warmup)
        t_d, db = best_of(lambda: DBSCAN(eps=2.0, min_samples=10).fit(Xd), rounds, reps, warmup)
        t_t, ts = best_of(lambda: TSNE(random_state=0).fit(Xt), 1, 1, 0)
    np.save(os.path.join(out, "tsne_embedding.npy"), ts.embedding_.astype(np.float64))
    np.save(os.path.join(out, "dbscan_labels.npy"), db.labels_.astype(np.int64))
    np.save(os.path.join(out, "kmeans_labels.npy"), km.labels_.astype(np.int64))
    print(f"kmeans_fit {t_k * 1e6:.1f}")
    print(f"kmeans_inertia {km.inertia_!r}")
    print(f"pca_fit_transform {t_p * 1e6:.1f}")
    print(f"dbscan_fit {t_d * 1e6:.1f}")
    print(f"tsne_fit_transform {t_t * 1e6:.1f}")
    print(f"tsne_kl {ts.kl_divergence_!r}")
    print(f"peak_rss_kib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")


if __name__ == "__main__":
    main()
