"""The scikit-learn side of the core/ml conformance test (tests/core/ml/test_ml_conformance.cpp).

    /usr/bin/python3 runner.py CASES_DIR OUT_DIR NAME...

Reads every cases/*.json (a list of cases), makes each case's seeded data, runs sklearn 1.2.1 on it and
writes OUT_DIR/CASE/: X.npy (and y.npy, sample_weight.npy, X_test.npy) for Tessera to read, then each
method's result as METHOD.npy and each public fitted attribute as attr.NAME.npy; string arrays, None
attributes and error messages go to OUT_DIR/CASE/meta.json. Dicts (cv_results_), Tree objects and held
fitted estimators (best_estimator_) are written key by key as NAME.KEY (Note [Attributes that are dicts or
objects] in core/ml/README.md); clock times are listed but not written. OUT_DIR/defaults.json holds get_params()
of every registered class NAME (in the tagged form of core/ml's ParamValue::toJson).
"""
import importlib
import inspect
import json
import numbers
import os
import sys
import warnings

import numpy as np
import scipy.stats
from sklearn.utils.validation import check_is_fitted

warnings.simplefilter("ignore")

MODULES = ["sklearn.preprocessing", "sklearn.linear_model", "sklearn.impute", "sklearn.neighbors",
           "sklearn.naive_bayes", "sklearn.discriminant_analysis", "sklearn.pipeline", "sklearn.compose",
           "sklearn.svm", "sklearn.cluster", "sklearn.decomposition", "sklearn.tree", "sklearn.ensemble",
           "sklearn.model_selection"]

# A fitted sklearn.tree._tree.Tree is compared array by array, as Tessera's "tree_.NAME" attributes.
TREE_ARRAYS = ["children_left", "children_right", "feature", "threshold", "value", "impurity", "n_node_samples",
               "weighted_n_node_samples", "node_count", "max_depth"]


def find_class(name):
    for m in MODULES:
        mod = importlib.import_module(m)
        if hasattr(mod, name):
            return getattr(mod, name)
    raise KeyError(name)


def decode(v):
    """Tagged JSON (ParamValue::toJson) to a Python value."""
    if isinstance(v, list):
        return [decode(x) for x in v]
    if isinstance(v, dict):
        if "float" in v:
            return float(v["float"])
        if "tuple" in v:
            return tuple(decode(x) for x in v["tuple"])
        if "dict" in v:
            # Keys are text in JSON; the digits of an int key (a class label) become the int again.
            d = {(int(k) if k.lstrip("-").isdigit() else k): decode(x) for k, x in v["dict"].items()}
            # Tessera's tagged dicts for splitters and scipy.stats distributions (core/ml/README.md).
            if "splitter" in d:
                return find_class(d.pop("splitter"))(**d)
            if "distribution" in d:
                return getattr(scipy.stats, d.pop("distribution"))(**d)
            return d
        if "estimator" in v:
            return find_class(v["estimator"])(**{k: decode(x) for k, x in v.get("params", {}).items()})
    return v


def encode(v):
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        return {"float": repr(float(v))}
    if isinstance(v, tuple):
        return {"tuple": [encode(x) for x in v]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, dict):
        return {"dict": {str(k): encode(x) for k, x in v.items()}}
    if hasattr(v, "get_params"):
        return {"estimator": type(v).__name__, "params": {k: encode(x) for k, x in v.get_params(deep=False).items()}}
    return {"unencodable": repr(v)}


def make_data(spec):
    """Seeded data sets: dense random, with ties, with constant columns; binary, multiclass, string and
    regression targets."""
    rng = np.random.RandomState(spec.get("seed", 0))
    n, p = spec.get("rows", 40), spec.get("features", 4)
    kind = spec.get("X", "dense")
    if kind == "dense":
        X = rng.randn(n, p) * rng.uniform(0.5, 3, size=p) + rng.uniform(-2, 2, size=p)
    elif kind == "ties":
        X = rng.randint(-3, 4, size=(n, p)).astype(np.float64)
    elif kind == "constant":
        X = rng.randn(n, p)
        X[:, 0] = 3.5
        X[:, -1] = 0.0
    elif kind == "positive":
        X = np.abs(rng.randn(n, p)) + 0.1
    else:
        raise ValueError(kind)
    if spec.get("nan"):
        X[rng.rand(n, p) < 0.1] = np.nan
    target = spec.get("y")
    y = None
    if target == "regression":
        w = rng.randn(p)
        y = np.nan_to_num(X) @ w + 0.3 * rng.randn(n)
    elif target == "multioutput":
        W = rng.randn(p, 3)
        y = np.nan_to_num(X) @ W + 0.3 * rng.randn(n, 3)
    elif target in ("binary", "multiclass", "strings"):
        k = 2 if target == "binary" else 3
        score = np.nan_to_num(X) @ rng.randn(p, k) + rng.randn(n, k)
        y = np.argmax(score, axis=1).astype(np.int64)
        if target == "strings":
            y = np.array(["setosa", "versicolor", "virginica"], dtype=object)[y]
    sw = rng.uniform(0.5, 2.0, size=n) if spec.get("sample_weight") else None
    X_test = rng.randn(spec.get("test_rows", 10), p) * 1.5
    return X, y, sw, X_test


def save(out, name, value, meta):
    if value is None:
        meta["none"].append(name)
        return
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
        meta["strings"][name] = list(value)
        return
    a = np.asarray(value)
    if a.dtype == object or a.dtype.kind in "US":
        meta["strings"][name] = [str(s) for s in a.ravel()]
        return
    if a.dtype.kind in "iub":
        a = a.astype(np.int64) if a.dtype.kind != "b" else a
    else:
        a = a.astype(np.float64)
    np.save(os.path.join(out, name + ".npy"), a)


def public_attributes(est):
    names = []
    for k in dir(est):
        if not k.endswith("_") or k.startswith("_") or k.endswith("__"):
            continue
        try:
            v = getattr(est, k)
        except Exception:
            continue
        if callable(v) or hasattr(v, "tocsr"):  # methods, and scipy.sparse views such as sparse_coef_
            continue
        names.append(k)
    return names


# Search results that depend on the clock are listed but not written, so they are not compared.
TIMES = {"refit_time_", "cv_results_.mean_fit_time", "cv_results_.std_fit_time", "cv_results_.mean_score_time",
         "cv_results_.std_score_time"}


def param_column(col):
    """A cv_results_ param_NAME column (a masked object array) as Tessera stores it: numbers when every
    candidate has a number, else strings (str of a str, repr otherwise, "--" where masked)."""
    values, mask = list(col.data), np.ma.getmaskarray(col)
    if not mask.any() and all(isinstance(v, numbers.Number) and not isinstance(v, (bool, np.bool_)) for v in values):
        if all(isinstance(v, (int, np.integer)) for v in values):
            return np.array(values, dtype=np.int64)
        return np.array(values, dtype=np.float64)
    return ["--" if m else (v if isinstance(v, str) else repr(v)) for v, m in zip(values, mask)]


def is_fitted(est):
    try:
        check_is_fitted(est)
        return True
    except Exception:
        return False


def flatten(est, prefix, meta, out):
    """Every public fitted attribute of est under PREFIX.NAME, by Note [Attributes that are dicts or objects]:
    a Tree's arrays, a dict's keys, a held estimator's attributes (and its steps')."""
    for name in public_attributes(est):
        if name == "scorer_":  # a callable (or a dict of callables): not data
            continue
        value = getattr(est, name)
        full = prefix + name
        if type(value).__name__ == "Tree" and hasattr(value, "children_left"):
            for a in TREE_ARRAYS:
                meta["attributes"].append(full + "." + a)
                save(out, "attr." + full + "." + a, getattr(value, a), meta)
        elif isinstance(value, dict) and value:
            for key, v in value.items():
                meta["attributes"].append(full + "." + key)
                if full + "." + key in TIMES:
                    continue
                if key.startswith("param_"):
                    v = param_column(v)
                elif key == "params":
                    v = [repr(p) for p in v]
                save(out, "attr." + full + "." + key, v, meta)
        elif hasattr(value, "get_params") and not isinstance(value, type) and is_fitted(value):
            flatten(value, full + ".", meta, out)
            for step, child in getattr(value, "steps", []):
                if hasattr(child, "get_params"):
                    flatten(child, full + "." + step + ".", meta, out)
        else:
            meta["attributes"].append(full)
            if full not in TIMES:
                save(out, "attr." + full, value, meta)


def run_case(case, out):
    os.makedirs(out, exist_ok=True)
    X, y, sw, X_test = make_data(case.get("data", {}))
    meta = {"strings": {}, "none": [], "errors": {}, "attributes": []}
    np.save(os.path.join(out, "X.npy"), X)
    np.save(os.path.join(out, "X_test.npy"), X_test)
    if y is not None:
        if y.dtype == object:
            meta["strings"]["y"] = list(y)
        else:
            np.save(os.path.join(out, "y.npy"), y)
    if sw is not None:
        np.save(os.path.join(out, "sample_weight.npy"), sw)
    est = find_class(case["estimator"])(**{k: decode(v) for k, v in case.get("params", {}).items()})
    if "fit_error" in case:
        try:
            est.fit(X, y, **({"sample_weight": sw} if sw is not None else {}))
            meta["errors"]["fit"] = "no error"
        except Exception as e:
            meta["errors"]["fit"] = str(e)
    else:
        kw = {"sample_weight": sw} if sw is not None else {}
        est.fit(X, y, **kw)
        for method in case.get("methods", []):
            on = X_test if method.endswith("@test") else X
            m = method.split("@")[0]
            if m in ("transform", "predict", "predict_proba", "predict_log_proba", "decision_function",
                     "inverse_transform", "score_samples"):
                save(out, method, getattr(est, m)(on), meta)
            elif m == "score":
                save(out, method, est.score(on, y, **kw) if on is X else None, meta)
            elif m == "get_feature_names_out":
                save(out, method, list(est.get_feature_names_out()), meta)
            elif m == "fit_predict":
                save(out, method, find_class(case["estimator"])(**{k: decode(v) for k, v in case.get("params", {}).items()}).fit_predict(X, y, **kw), meta)
            elif m == "fit_transform":
                save(out, method, find_class(case["estimator"])(**{k: decode(v) for k, v in case.get("params", {}).items()}).fit_transform(X, y), meta)
            else:
                raise ValueError(m)
        flatten(est, "", meta, out)
        meta["children"] = {}
        for step, child in getattr(est, "steps", []):
            if not hasattr(child, "get_params"):
                continue
            meta["children"][step] = public_attributes(child)
            for name in meta["children"][step]:
                save(out, "attr." + step + "." + name, getattr(child, name), meta)
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f)


def main():
    cases_dir, out_dir, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    defaults = {}
    for name in names:
        try:
            cls = find_class(name)
        except KeyError:
            defaults[name] = None
            continue
        # Keywords without a default (Pipeline's steps) are marked as required.
        sig = inspect.signature(cls.__init__)
        defaults[name] = {k: ({"required": True} if p.default is inspect.Parameter.empty else encode(p.default))
                          for k, p in sig.parameters.items() if k != "self"}
    with open(os.path.join(out_dir, "defaults.json"), "w") as f:
        json.dump(defaults, f)
    for file in sorted(os.listdir(cases_dir)):
        if not file.endswith(".json"):
            continue
        with open(os.path.join(cases_dir, file)) as f:
            for case in json.load(f):
                run_case(case, os.path.join(out_dir, case["name"]))


if __name__ == "__main__":
    main()
