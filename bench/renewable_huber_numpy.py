"""NumPy side of renewable_huber_bench: the reference updates of tests/core/ml/renewable_huber_reference.py
on the same stream (5000 x 20 batches from DIR/X_b.npy, y_b.npy); prints `partial_fit_us VALUE`, the mean
microseconds per partial_fit over the stream after the first batch.

    renewable_huber_numpy.py DIR BATCHES
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "core", "ml"))
import numpy as np  # noqa: E402
from renewable_huber_reference import Reference  # noqa: E402

folder, batches = sys.argv[1], int(sys.argv[2])
data = [(np.load(f"{folder}/X_{b}.npy"), np.load(f"{folder}/y_{b}.npy")) for b in range(batches)]
m = Reference()
m.partial_fit(*data[0])
start = time.perf_counter()
for X, y in data[1:]:
    m.partial_fit(X, y)
print("partial_fit_us", (time.perf_counter() - start) / (batches - 1) * 1e6)
