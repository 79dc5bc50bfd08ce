"""The reference side of hgb_bench: `hgb_bench_reference.py DIR THREADS` fits, on DIR/X.npy and y.npy
(tree_bench_sklearn.py's data: the first 16000 rows train, the rest test), sklearn 1.2.1's
HistGradientBoostingClassifier(max_iter=200, early_stopping=False, random_state=0) and XGBoost 1.7.4's
XGBClassifier with the same trees (tree_method='hist', grow_policy='lossguide', max_leaves=31, no depth
limit, learning_rate 0.1, 200 rounds, reg_lambda 0, 255 bins + missing) and prints `NAME VALUE` lines:
wall and process CPU seconds of each fit, test accuracy, peak resident MiB."""
import os
import resource
import sys
import time

d, threads = sys.argv[1], int(sys.argv[2])
os.environ["OMP_NUM_THREADS"] = str(threads)

import numpy as np  # noqa: E402
import xgboost  # noqa: E402
from sklearn.ensemble import HistGradientBoostingClassifier  # noqa: E402

X, y = np.load(f"{d}/X.npy"), np.load(f"{d}/y.npy")
Xtr, ytr, Xte, yte = X[:16000], y[:16000], X[16000:], y[16000:]


def timed(name, fn):
    c0, w0 = time.process_time(), time.perf_counter()
    model = fn()
    print(f"{name} {time.perf_counter() - w0:.6f}")
    print(f"{name}_cpu {time.process_time() - c0:.6f}")
    return model


sk = timed("sklearn_hgb_fit", lambda: HistGradientBoostingClassifier(
    max_iter=200, early_stopping=False, random_state=0).fit(Xtr, ytr))
print(f"sklearn_hgb_accuracy {np.mean(sk.predict(Xte) == yte):.6f}")
xg = timed("xgboost_hist_fit", lambda: xgboost.XGBClassifier(
    n_estimators=200, tree_method="hist", grow_policy="lossguide", max_leaves=31, max_depth=0,
    learning_rate=0.1, reg_lambda=0.0, max_bin=256, n_jobs=threads).fit(Xtr, ytr))
print(f"xgboost_hist_accuracy {np.mean(xg.predict(Xte) == yte):.6f}")
print(f"peak_mib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0:.1f}")
