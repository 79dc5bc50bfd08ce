"""The scikit-learn side of the core/ml conformance test (tests/core/ml/test_ml_conformance.cpp).

    /usr/bin/python3 runner.py CASES_DIR OUT_DIR NAME...

Reads every cases/*.json (a list of cases), makes each case's seeded data, runs sklearn 1.2.1 on it and
writes OUT_DIR/CASE/: X.npy (and y.npy, sample_weight.npy, X_test.npy) for Tessera to read (X.table.json and
X_test.table.json instead for the "table" data sets: pandas DataFrames with string columns), then each
method's result as METHOD.npy and each public fitted attribute as attr.NAME.npy (flattened as
save_attributes says: Tree objects, held estimators, dicts (cv_results_), dicts of slices and lists of
arrays become NAME.KEY entries — Note [Attributes that are dicts or objects] in core/ml/README.md; clock
times are listed but not written); string arrays, None attributes and error messages go to
OUT_DIR/CASE/meta.json. A case with "on": "y" fits and transforms y (LabelEncoder);
"inverse_transform@roundtrip" inverts transform(X). OUT_DIR/defaults.json holds get_params()
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
           "sklearn.svm", "sklearn.cluster", "sklearn.decomposition", "sklearn.tree", "sklearn.ensemble", "sklearn.mixture",
           "sklearn.manifold",
           "sklearn.kernel_ridge", "sklearn.feature_selection", "sklearn.model_selection"]

# A fitted sklearn.tree._tree.Tree is compared array by array, as Tessera's "tree_.NAME" attributes.
TREE_ARRAYS = ["children_left", "children_right", "feature", "threshold", "value", "impurity", "n_node_samples",
               "weighted_n_node_samples", "node_count", "max_depth"]


# Meta-estimators whose estimators_ list holds fitted members of any class, saved in full (a forest's
# trees are saved as tree_ arrays only).
HELD_LISTS = {"VotingClassifier", "VotingRegressor", "BaggingClassifier", "BaggingRegressor", "StackingClassifier",
              "StackingRegressor", "AdaBoostClassifier", "AdaBoostRegressor"}


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
            if list(d) == ["slice"]:  # a column slice of a ColumnTransformer
                return slice(*d["slice"])
            return d
        if "estimator" in v:
            return find_class(v["estimator"])(**{k: decode(x) for k, x in v.get("params", {}).items()})
    return v


def encode(v):
    if v is None or isinstance(v, (bool, str)):
        return v
    if inspect.isfunction(v):  # a score function (SelectKBest's score_func) is named by its sklearn name
        return v.__name__
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
    if isinstance(v, type) and issubclass(v, np.generic):
        return v.__name__  # np.float64 as the string "float64" (Tessera's dtype keywords)
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
    elif kind == "categories":
        # Small integer categories (2, 3, 4, 5, 2, … per column) as float64; held-out rows from the same
        # categories ("unknown": true puts an unseen value into every third row of column 0).
        counts = [2 + j % 4 for j in range(p)]
        X = np.column_stack([rng.randint(0, k, size=n) for k in counts]).astype(np.float64)
    elif kind == "mixed":
        # Columns 0 … p//2 - 1: integer categories (3, 7, 11, … of them) as float64; the others dense.
        counts = [3 + 4 * j for j in range(p // 2)]
        X = np.column_stack([rng.randint(0, k, size=n) for k in counts] +
                            [rng.randn(n) for _ in range(p - len(counts))]).astype(np.float64)
    elif kind == "blobs":
        centers = rng.uniform(-6, 6, size=(spec.get("centers", 3), p))
        X = centers[rng.randint(0, len(centers), size=n)] + 0.7 * rng.randn(n, p)
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
    elif target in ("multiclass_multioutput", "multilabel"):
        # One column per output: 3, 2 and 4 classes (or three 0/1 columns), from quantiles of noisy scores.
        ks = [3, 2, 4] if target == "multiclass_multioutput" else [2, 2, 2]
        score = np.nan_to_num(X) @ rng.randn(p, len(ks)) + rng.randn(n, len(ks))
        y = np.column_stack([np.digitize(score[:, j], np.quantile(score[:, j], np.linspace(0, 1, k + 1)[1:-1]))
                             for j, k in enumerate(ks)]).astype(np.int64)
    elif target in ("binary", "multiclass", "strings"):
        k = 2 if target == "binary" else 3
        score = np.nan_to_num(X) @ rng.randn(p, k) + rng.randn(n, k)
        y = np.argmax(score, axis=1).astype(np.int64)
        if target == "strings":
            y = np.array(["setosa", "versicolor", "virginica"], dtype=object)[y]
    sw = rng.uniform(0.5, 2.0, size=n) if spec.get("sample_weight") else None
    X_test = rng.randn(spec.get("test_rows", 10), p) * 1.5
    if kind == "categories":
        X_test = np.column_stack([rng.randint(0, k, size=spec.get("test_rows", 10)) for k in counts]).astype(np.float64)
        if spec.get("unknown"):
            X_test[::3, 0] = counts[0]
    if kind == "mixed":
        # Held-out categories one past the largest (an unknown category) and NaN, numeric columns dense.
        t = spec.get("test_rows", 10)
        X_test = np.column_stack([rng.randint(0, k + 1, size=t) for k in counts] +
                                 [rng.randn(t) for _ in range(p - len(counts))]).astype(np.float64)
        X_test[::4, 0] = np.nan
    return X, y, sw, X_test


# Columns of the "table" data sets: string (object) columns with these words (non-ASCII ones too, so that
# the sort is Python's code-point order), numeric ones named after the words that follow.
STRING_COLUMNS = [("city", ["Oslo", "Lima", "Quito", "Bergen", "\u00c5re", "oslo"]), ("colour", ["red", "green", "blue"]),
                  ("size", ["S", "M", "L", "XL"]), ("shape", ["round", "square"])]
NUMERIC_COLUMNS = ["age", "height", "weight"]


def make_table(spec, rng, n, strings_only=False):
    """A pandas DataFrame of spec["strings"] string columns then spec["numbers"] numeric ones, as
    pandas.read_csv gives it (missing cells NaN in both kinds when spec["missing"])."""
    import pandas as pd
    columns = {}
    for name, words in STRING_COLUMNS[:spec.get("strings", 2)]:
        columns[name] = np.array(words, dtype=object)[rng.randint(0, len(words), size=n)]
    for name in NUMERIC_COLUMNS[:spec.get("numbers", 1)]:
        columns[name] = np.round(rng.randn(n) * 10 + 40, 1) if not spec.get("integral") else rng.randint(0, 4, n) * 1.0
    frame = pd.DataFrame(columns)
    if spec.get("missing"):
        for name in frame.columns:
            frame.loc[rng.rand(n) < 0.1, name] = np.nan
    return frame


def table_json(frame):
    """A DataFrame as Tessera's conformance test reads it: per column its name, kind, values (numbers as
    repr, exact) and missing marks."""
    cols = []
    for name in frame.columns:
        v = frame[name]
        if v.dtype == object:
            missing = [int(not isinstance(x, str)) for x in v]
            cols.append({"name": name, "kind": "strings", "values": [x if isinstance(x, str) else "" for x in v],
                         "missing": missing})
        else:
            cols.append({"name": name, "kind": "numeric", "values": [repr(float(x)) for x in v]})
    return {"columns": cols}


def make_table_data(spec):
    """Seeded table data ("X": "table"): a DataFrame, a target from its codes, held-out rows (with
    "unknown": true an unseen city in every third one)."""
    rng = np.random.RandomState(spec.get("seed", 0))
    n = spec.get("rows", 40)
    X = make_table(spec, rng, n)
    X_test = make_table(spec, rng, spec.get("test_rows", 10))
    if spec.get("unknown"):
        X_test.iloc[::3, 0] = "Z\u00fcrich"
    codes = np.column_stack([X[c].astype("category").cat.codes.to_numpy(dtype=np.float64) if X[c].dtype == object
                             else np.nan_to_num(X[c].to_numpy()) / 10 for c in X.columns])
    target = spec.get("y")
    y = None
    if target == "regression":
        y = codes @ rng.randn(codes.shape[1]) + 0.3 * rng.randn(n)
    elif target in ("multiclass_multioutput", "multilabel"):
        # One column per output: 3, 2 and 4 classes (or three 0/1 columns), from quantiles of noisy scores.
        ks = [3, 2, 4] if target == "multiclass_multioutput" else [2, 2, 2]
        score = np.nan_to_num(X) @ rng.randn(p, len(ks)) + rng.randn(n, len(ks))
        y = np.column_stack([np.digitize(score[:, j], np.quantile(score[:, j], np.linspace(0, 1, k + 1)[1:-1]))
                             for j, k in enumerate(ks)]).astype(np.int64)
    elif target in ("binary", "multiclass", "strings"):
        k = 2 if target == "binary" else 3
        y = np.argmax(codes @ rng.randn(codes.shape[1], k) + rng.randn(n, k), axis=1).astype(np.int64)
        if target == "strings":
            y = np.array(["setosa", "versicolor", "virginica"], dtype=object)[y]
    sw = rng.uniform(0.5, 2.0, size=n) if spec.get("sample_weight") else None
    return X, y, sw, X_test


def save(out, name, value, meta):
    if value is None:
        meta["none"].append(name)
        return
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
        meta["strings"][name] = list(value)
        return
    if isinstance(value, list) and value and all(isinstance(v, np.ndarray) and v.ndim == 2 for v in value):
        # A multi-output classifier's per-output arrays (predict_proba) in Tessera's form: [outputs, rows,
        # max columns], zero past each output's columns.
        width = max(v.shape[1] for v in value)
        value = np.stack([np.pad(v.astype(np.float64), ((0, 0), (0, width - v.shape[1]))) for v in value])
    a = np.asarray(value)
    if a.dtype == object and a.ndim == 0 and not isinstance(value, (dict, list, tuple)):
        # An object such as SGDClassifier's loss_function_ (a Cython Hinge) is compared by its class name.
        meta["strings"][name] = [type(value).__name__]
        return
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


def undetermined(est, name):
    """Attributes whose values sklearn itself does not determine, listed but not compared. LDA's eigen
    solver keeps every eigenvector of eigh(Sb, Sw) in scalings_; beyond the first n_classes - 1 columns
    they span the null space of Sb, any basis of it is a solution, and sklearn's own values change with
    OpenBLAS's thread count (OPENBLAS_NUM_THREADS=1 against the default on one AMD EPYC: 0.50075 and
    0.50224 for one element). transform reads only the determined columns and is compared."""
    return (name == "scalings_" and type(est).__name__ == "LinearDiscriminantAnalysis" and
            est.solver == "eigen" and len(est.classes_) - 1 < est.scalings_.shape[1])


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
    except Exception:  # NotFittedError, or TypeError for what is not an estimator
        return False


def save_attributes(est, prefix, out, meta):
    """Saves every public fitted attribute of `est` as attr.PREFIX+NAME and returns the names (without
    PREFIX), flattened as core/ml's Note [Attributes that are dicts or objects] describes: a fitted
    sklearn Tree as NAME.ARRAY, a fitted estimator held in an attribute (regressor_) as NAME.ATTR, a dict
    or Bunch of estimators (named_transformers_) as NAME.KEY.ATTR, slices (output_indices_) as NAME.KEY
    = [start, stop], lists of arrays (categories_, bin_edges_) as NAME.0, NAME.1, …; object arrays of
    ints and None (drop_idx_) become int64, or float64 with NaN for None."""
    names = []

    def put(name, value):
        names.append(name)
        save(out, "attr." + prefix + name, value, meta)

    def nested(name, value):
        for sub in save_attributes(value, prefix + name + ".", out, meta):
            names.append(name + "." + sub)
        for step, child in held_children(value):  # a held pipeline's steps (best_estimator_.ridge.coef_)
            if hasattr(child, "get_params") and is_fitted(child):
                nested(name + "." + step, child)

    def trees(name, members, write):
        # A forest's or boosting's fitted trees: Tessera holds each as "NAME.I[.K].tree_.ARRAY". Every
        # name is listed; only the trees for which `write` holds (the first and the last) are compared.
        for key, member in members:
            for a in TREE_ARRAYS:
                names.append("%s.%s.tree_.%s" % (name, key, a))
                if write(key):
                    save(out, "attr.%s%s.%s.tree_.%s" % (prefix, name, key, a), getattr(member.tree_, a), meta)

    for name in public_attributes(est):
        if name in TIMES or undetermined(est, name):
            names.append(name)  # listed, never compared
            continue
        if name == "scorer_":
            continue  # a callable (or a dict of callables): not data
        value = getattr(est, name)
        if name == "transformers_":
            continue  # (name, fitted transformer, columns) tuples: named_transformers_ and output_indices_ hold them
        if type(value).__name__ == "Tree" and hasattr(value, "children_left"):
            for a in TREE_ARRAYS:
                put(name + "." + a, getattr(value, a))
            continue
        if hasattr(value, "get_params") and not is_fitted(value):
            continue  # a forest's estimator_ (and its deprecated alias base_estimator_): an unfitted template
        if type(value).__module__ == "sklearn.ensemble._gb_losses":
            continue  # loss_, deprecated in 1.1: sklearn's private loss object
        if hasattr(value, "get_params"):
            nested(name, value)
            continue
        if type(est).__name__ in HELD_LISTS and isinstance(value, list) and all(hasattr(v, "get_params") for v in value):
            for i, v in enumerate(value):  # a meta-estimator's fitted members: estimators_.I.ATTR, trees included
                nested(name + "." + str(i), v)
            continue
        if isinstance(value, np.ndarray) and value.dtype == object and value.ndim == 2 and value.size and all(
                hasattr(v, "tree_") for v in value.ravel()):
            last = value.shape[0] - 1  # boosting's estimators_ [stages, K]
            trees(name, [("%d.%d" % (i, k), value[i, k]) for i in range(value.shape[0]) for k in range(value.shape[1])],
                  lambda key: int(key.split(".")[0]) in (0, last))
            continue
        if isinstance(value, list) and value and all(hasattr(v, "tree_") for v in value):
            last = len(value) - 1  # a forest's estimators_
            trees(name, [(str(i), v) for i, v in enumerate(value)], lambda key: int(key) in (0, last))
            continue
        if isinstance(value, dict) and any(hasattr(v, "get_params") or isinstance(v, slice) for v in value.values()):
            for k, v in value.items():
                if hasattr(v, "get_params"):
                    nested(name + "." + str(k), v)
                elif isinstance(v, slice):
                    put(name + "." + str(k), np.array([v.start, v.stop], dtype=np.int64))
            continue
        if isinstance(value, dict) and value:  # cv_results_, best_params_
            for key, v in value.items():
                if name + "." + key in TIMES:
                    names.append(name + "." + key)
                    continue
                if key.startswith("param_"):
                    v = param_column(v)
                elif key == "params":
                    v = [repr(p) for p in v]
                put(name + "." + key, v)
            continue
        listed = isinstance(value, list) or (isinstance(value, np.ndarray) and value.dtype == object)
        if listed and len(value) and all(isinstance(v, np.ndarray) for v in value):
            for i, v in enumerate(value):
                put(name + "." + str(i), v)
            continue
        if isinstance(value, np.ndarray) and value.dtype == object and all(
                v is None or isinstance(v, (int, np.integer)) for v in value.ravel()):
            if any(v is None for v in value.ravel()):
                value = np.array([np.nan if v is None else float(v) for v in value.ravel()]).reshape(value.shape)
            else:
                value = value.astype(np.int64)
        put(name, value)
    return names


def held_children(est):
    """The (name, estimator) pairs that Tessera lists as children(): pipeline steps, a union's
    transformers, a column transformer's transformers (and an estimator remainder), and estimator-valued
    parameters such as a TransformedTargetRegressor's regressor."""
    if hasattr(est, "steps"):
        return list(est.steps)
    if hasattr(est, "transformer_list"):
        return list(est.transformer_list)
    out = []
    if hasattr(est, "transformers") and isinstance(est.transformers, list):
        out = [(name, t) for name, t, _ in est.transformers]
    for k, v in est.get_params(deep=False).items():
        if k not in ("transformers",) and hasattr(v, "get_params"):
            out.append((k, v))
    return out


def private_attribute(est, name):
    """A private attribute as Tessera stores it: HistGradientBoosting's `_predictors.FIELD` is every
    TreePredictor's nodes[FIELD] (or its [n, 8] bitsets) concatenated in iteration-major order, with the
    trees' first node and first bitset row in `_predictors.offsets` / `_predictors.bitset_offsets`."""
    if name.startswith("_predictors."):
        field = name[len("_predictors."):]
        trees = [p for it in est._predictors for p in it]
        if field in ("offsets", "bitset_offsets"):
            sizes = [len(p.nodes) if field == "offsets" else len(p.raw_left_cat_bitsets) for p in trees]
            return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        if field in ("raw_left_cat_bitsets", "binned_left_cat_bitsets"):
            return np.concatenate([getattr(p, field) for p in trees]).reshape(-1, 8).astype(np.int64)
        return np.concatenate([p.nodes[field] for p in trees])
    value = est
    for part in name.split("."):
        value = value[int(part)] if part.isdigit() else getattr(value, part)
    return np.ravel(value)


def make_estimator(case):
    """The case's estimator; a score_func given by name is sklearn.feature_selection's function."""
    params = {k: decode(v) for k, v in case.get("params", {}).items()}
    if isinstance(params.get("score_func"), str):
        params["score_func"] = getattr(importlib.import_module("sklearn.feature_selection"), params["score_func"])
    return find_class(case["estimator"])(**params)


def run_case(case, out):
    os.makedirs(out, exist_ok=True)
    meta = {"strings": {}, "none": [], "errors": {}, "attributes": []}
    if case.get("data", {}).get("X") == "table":
        X, y, sw, X_test = make_table_data(case["data"])
        for name, frame in (("X", X), ("X_test", X_test)):
            with open(os.path.join(out, name + ".table.json"), "w") as f:
                json.dump(table_json(frame), f)
    else:
        X, y, sw, X_test = make_data(case.get("data", {}))
        np.save(os.path.join(out, "X.npy"), X)
        np.save(os.path.join(out, "X_test.npy"), X_test)
    if y is not None:
        if y.dtype == object:
            meta["strings"]["y"] = list(y)
        else:
            np.save(os.path.join(out, "y.npy"), y)
    if sw is not None:
        np.save(os.path.join(out, "sample_weight.npy"), sw)
    est = make_estimator(case)
    if case.get("on") == "y":
        # LabelEncoder: fitted on y and transforming y; inverse_transform takes the codes of y.
        est.fit(y)
        for method in case.get("methods", []):
            if method == "transform":
                save(out, method, est.transform(y), meta)
            elif method == "inverse_transform":
                save(out, method, est.inverse_transform(est.transform(y)), meta)
            elif method == "fit_transform":
                save(out, method, find_class(case["estimator"])().fit_transform(y), meta)
            else:
                raise ValueError(method)
        meta["attributes"] = save_attributes(est, "", out, meta)
        meta["children"] = {}
        with open(os.path.join(out, "meta.json"), "w") as f:
            json.dump(meta, f)
        return
    if "transform_error" in case:  # fitted on X, the message of transform on the held-out rows
        est.fit(X, y)
        try:
            est.transform(X_test)
            meta["errors"]["transform"] = "no error"
        except Exception as e:
            meta["errors"]["transform"] = str(e)
    elif "fit_error" in case:
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
            if method.endswith("@roundtrip"):  # an encoder's inverse_transform of its own transform(X)
                on = est.transform(X)
            if m in ("transform", "predict", "predict_proba", "predict_log_proba", "decision_function",
                     "inverse_transform", "score_samples", "bic", "aic"):
                save(out, method, getattr(est, m)(on), meta)
            elif m == "score":
                save(out, method, est.score(on, y, **kw) if on is X else None, meta)
            elif m == "sample":  # "sample@N": gm.sample(N), the rows as METHOD.npy and the labels as METHOD.y.npy
                Xs, ys = est.sample(int(method.split("@")[1]))
                save(out, method, Xs, meta)
                save(out, method + ".y", ys, meta)
            elif m in ("staged_predict", "staged_predict_proba", "staged_decision_function"):
                save(out, method, np.array(list(getattr(est, m)(on))), meta)  # [stages, ...]
            elif m == "staged_score":
                save(out, method, np.array(list(est.staged_score(on, y, **kw))) if on is X else None, meta)
            elif m == "get_feature_names_out":
                save(out, method, list(est.get_feature_names_out()), meta)
            elif m == "fit_predict":
                save(out, method, make_estimator(case).fit_predict(X, y, **kw), meta)
            elif m == "fit_transform":
                save(out, method, make_estimator(case).fit_transform(X, y), meta)
            else:
                raise ValueError(m)
        meta["attributes"] = save_attributes(est, "", out, meta)
        # "private": names of private attributes compared as well (HistGradientBoosting's predictors).
        meta["private"] = case.get("private", [])
        for name in meta["private"]:
            save(out, "attr." + name, private_attribute(est, name), meta)
        meta["children"] = {}
        for step, child in held_children(est):
            if not hasattr(child, "get_params"):
                continue
            meta["children"][step] = save_attributes(child, step + ".", out, meta)
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
        if cls.__init__ is object.__init__:  # no keywords at all (LabelEncoder)
            defaults[name] = {}
            continue
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
