"""Reference forests from scikit-learn 1.2.1 for test_forest.

Per case: the data, each tree's draws as sklearn derives them from the forest's random_state (the
splitter seed, the bootstrap counts, balanced_subsample weights), every tree's `tree_` arrays, the
forest's predictions and out-of-bag decision function.
"""
import json
import os
import sys
import warnings

import numpy as np
from sklearn.datasets import make_classification, make_regression
from sklearn.ensemble import ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor
from sklearn.ensemble._forest import _get_n_samples_bootstrap
from sklearn.utils.class_weight import compute_sample_weight

warnings.simplefilter("ignore", UserWarning)  # 'Some inputs do not have OOB scores'
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
cases = []


def save(name, arr, dtype):
    np.save(os.path.join(out, name + ".npy"), np.ascontiguousarray(np.asarray(arr, dtype=dtype)))


def add(name, est, X, y, sample_weight=None):
    est.fit(X, y, sample_weight=sample_weight)
    classifier = hasattr(est, "classes_")
    n = X.shape[0]
    y2 = y[:, None] if y.ndim == 1 else y
    if classifier:
        codes = np.column_stack([np.unique(y2[:, k], return_inverse=True)[1] for k in range(y2.shape[1])])
        ycodes = codes.astype(np.float64)
        n_classes = [int(c) for c in np.atleast_1d(est.n_classes_)]
    else:
        ycodes = y2.astype(np.float64)
        n_classes = []
    sw = None if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    if est.class_weight is not None and not (est.class_weight == "balanced_subsample" and est.bootstrap):
        cw = compute_sample_weight(est.class_weight, y)
        sw = cw if sw is None else sw * cw
    prefix = name + "."
    save(prefix + "X", X, np.float64)
    save(prefix + "y", ycodes, np.float64)
    if sw is not None:
        save(prefix + "sw", sw, np.float64)
    n_boot = _get_n_samples_bootstrap(n, est.max_samples)
    for i, tree in enumerate(est.estimators_):
        tp = f"{prefix}t{i}."
        seed = tree.random_state
        save(tp + "seed", [np.random.RandomState(seed).randint(0, 0x7FFFFFFF)], np.int64)
        if est.bootstrap:
            idx = np.random.RandomState(seed).randint(0, n, n_boot)
            save(tp + "counts", np.bincount(idx, minlength=n), np.float64)
            if est.class_weight == "balanced_subsample":
                save(tp + "subsample", compute_sample_weight("balanced", y, indices=idx), np.float64)
        t = tree.tree_
        for attr, dt in [("children_left", np.int64), ("children_right", np.int64), ("feature", np.int64),
                         ("threshold", np.float64), ("value", np.float64), ("impurity", np.float64),
                         ("n_node_samples", np.int64), ("weighted_n_node_samples", np.float64)]:
            save(tp + attr, getattr(t, attr), dt)
    X32 = X.astype(np.float32)
    pred = est.predict_proba(X32) if classifier else est.predict(X32)
    if classifier and isinstance(pred, list):
        pred = np.concatenate([p[:, :, None] for p in pred], axis=2)  # only equal n_classes used here
    save(prefix + "predict", pred, np.float64)
    save(prefix + "feature_importances", est.feature_importances_, np.float64)
    if est.oob_score:
        save(prefix + "oob", est.oob_decision_function_ if classifier else est.oob_prediction_, np.float64)
    p = est.get_params()
    min_samples_leaf = p["min_samples_leaf"]
    total_w = n if sample_weight is None else np.sum(sample_weight)
    cases.append({
        "name": name,
        "classifier": classifier,
        "criterion": p["criterion"],
        "splitter": "random" if "ExtraTrees" in type(est).__name__ else "best",
        "max_depth": -1 if p["max_depth"] is None else p["max_depth"],
        "min_samples_split": max(p["min_samples_split"], 2 * min_samples_leaf),
        "min_samples_leaf": min_samples_leaf,
        "min_weight_leaf": p["min_weight_fraction_leaf"] * float(total_w),
        "max_features": int(est.estimators_[0].max_features_),
        "n_estimators": len(est.estimators_),
        "n_classes": n_classes,
        "has_sw": sw is not None,
        "bootstrap": bool(est.bootstrap),
        "subsample": est.class_weight == "balanced_subsample" and est.bootstrap,
        "oob": bool(est.oob_score),
        "random_state": est.random_state,
        "n_bootstrap": int(n_boot) if est.bootstrap else 0,
    })


Xc, yc = make_classification(n_samples=400, n_features=10, n_informative=6, n_classes=3, random_state=1)
add("rf_classifier", RandomForestClassifier(n_estimators=8, random_state=0), Xc, yc)
add("rf_classifier_depth_oob", RandomForestClassifier(n_estimators=10, max_depth=6, oob_score=True, random_state=3),
    Xc, yc)
add("rf_max_samples_entropy", RandomForestClassifier(n_estimators=6, criterion="entropy", max_samples=0.6,
                                                     max_features=0.5, random_state=7), Xc, yc)
Xi, yi = make_classification(n_samples=300, n_features=6, n_informative=4, n_classes=3, weights=[0.6, 0.3, 0.1],
                             random_state=4)
add("rf_balanced", RandomForestClassifier(n_estimators=5, class_weight="balanced", random_state=2), Xi, yi)
add("rf_balanced_subsample", RandomForestClassifier(n_estimators=5, class_weight="balanced_subsample",
                                                    random_state=2), Xi, yi)
add("et_classifier", ExtraTreesClassifier(n_estimators=8, random_state=0), Xc, yc)
add("et_classifier_bootstrap_oob", ExtraTreesClassifier(n_estimators=8, bootstrap=True, oob_score=True, max_depth=8,
                                                        random_state=5), Xc, yc)
Xg, yg = make_regression(n_samples=300, n_features=8, n_informative=5, noise=2.0, random_state=0)
add("rf_regressor_oob", RandomForestRegressor(n_estimators=6, oob_score=True, random_state=0), Xg, yg)
add("rf_regressor_sqrt_weighted", RandomForestRegressor(n_estimators=5, max_features="sqrt", max_samples=100,
                                                        random_state=1), Xg, yg,
    sample_weight=np.random.RandomState(0).rand(300) + 0.5)
add("et_regressor", ExtraTreesRegressor(n_estimators=6, max_depth=10, random_state=4), Xg, yg)

with open(os.path.join(out, "cases.json"), "w") as f:
    json.dump(cases, f)
