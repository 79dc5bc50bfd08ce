"""The scikit-learn 1.2.1 side of tree_bench (see tree_bench.cpp), and the data both sides use.

`tree_bench_sklearn.py data DIR`: writes DIR/X.npy, y.npy (make_classification(20000, 20,
n_informative=10, random_state=0): the first 16000 rows train, the rest test) and Xp.npy (100000 rows
to predict).
`tree_bench_sklearn.py DIR THREADS ROUNDS`: times sklearn on those files and prints `NAME VALUE` lines
(seconds, accuracy, peak resident MiB). Gradient boosting is timed too (issue 23).
"""
import resource
import sys
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.tree import DecisionTreeClassifier

if sys.argv[1] == "data":
    d = sys.argv[2]
    X, y = make_classification(n_samples=20000, n_features=20, n_informative=10, random_state=0)
    Xp, _ = make_classification(n_samples=100000, n_features=20, n_informative=10, random_state=1)
    np.save(f"{d}/X.npy", X)
    np.save(f"{d}/y.npy", y.astype(np.float64))
    np.save(f"{d}/Xp.npy", Xp)
    sys.exit(0)

d, threads, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
X, y, Xp = np.load(f"{d}/X.npy"), np.load(f"{d}/y.npy"), np.load(f"{d}/Xp.npy")
Xtr, ytr, Xte, yte = X[:16000], y[:16000], X[16000:], y[16000:]


def best(name, fn):
    """Prints the best wall-clock seconds as NAME and the CPU seconds of all threads as NAME_cpu."""
    wall, cpu = [], []
    for _ in range(rounds):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    print(name, min(wall))
    print(name + "_cpu", min(cpu))


rf = RandomForestClassifier(n_estimators=100, max_depth=8, n_jobs=threads, random_state=0)
best("rf_fit", lambda: rf.fit(Xtr, ytr))
print("rf_accuracy", float(np.mean(rf.predict(Xte) == yte)))
best("rf_predict_100k", lambda: rf.predict_proba(Xp))
dt = DecisionTreeClassifier(max_depth=12, random_state=0)
best("dt_fit", lambda: dt.fit(Xtr, ytr))
print("dt_accuracy", float(np.mean(dt.predict(Xte) == yte)))
gb = GradientBoostingClassifier(n_estimators=100, random_state=0)
best("gb_fit", lambda: gb.fit(Xtr, ytr))
print("gb_accuracy", float(np.mean(gb.predict(Xte) == yte)))
print("peak_mib", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0)
