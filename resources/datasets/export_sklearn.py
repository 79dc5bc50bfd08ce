"""Writes the built-in data sets of resources/datasets from Debian's scikit-learn 1.2.1.

Run with /usr/bin/python3 (the interpreter that sees python3-sklearn):
    /usr/bin/python3 resources/datasets/export_sklearn.py resources/datasets
Features are written as the shortest text that reads back to the same float32 (numpy's repr), so the
C++ loader reproduces sklearn's arrays cast to float32 exactly; targets as integers (classes) or the
shortest float32 text (regression).
"""
import sys

import numpy as np
import sklearn
import sklearn.datasets as ds

SETS = {
    "iris": (ds.load_iris, "classification", [4]),
    "wine": (ds.load_wine, "classification", [13]),
    "breast_cancer": (ds.load_breast_cancer, "classification", [30]),
    "digits": (ds.load_digits, "classification", [1, 8, 8]),
    # load_diabetes() with its default scaled=True: each feature mean-centred and scaled by
    # std * sqrt(n_samples); the target is the raw disease progression after one year.
    "diabetes": (ds.load_diabetes, "regression", [10]),
}


def text(value):
    return np.format_float_positional(np.float32(value), unique=True, trim="-")


def main(folder):
    for name, (loader, task, shape) in SETS.items():
        bunch = loader()
        x = bunch.data.astype(np.float32)
        lines = [
            f"# {name}: sklearn.datasets.{loader.__name__}() from scikit-learn {sklearn.__version__}",
            f"#task: {task}",
            "#shape: " + " ".join(str(s) for s in shape),
        ]
        if task == "classification":
            lines.append("#classes: " + ",".join(str(c) for c in bunch.target_names))
        lines.append(",".join(list(bunch.feature_names) + ["target"]))
        for row, target in zip(x, bunch.target):
            t = str(int(target)) if task == "classification" else text(target)
            lines.append(",".join(text(v) for v in row) + "," + t)
        with open(f"{folder}/{name}.csv", "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
