"""Reference trees from scikit-learn 1.2.1 for test_tree_builder.

Writes OUT/cases.json and, per case, .npy files: the training data (X, y, the sample weights
sklearn's builder saw), the resolved builder parameters and every `tree_` array of the fitted tree.
"""
import json
import os
import sys

import numpy as np
from sklearn.datasets import make_classification, make_regression
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
from sklearn.utils.class_weight import compute_sample_weight

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
cases = []


def save(name, arr, dtype):
    np.save(os.path.join(out, name + ".npy"), np.ascontiguousarray(np.asarray(arr, dtype=dtype)))


def add(name, est, X, y, sample_weight=None, path=False):
    X = np.asarray(X, dtype=np.float64)
    est.fit(X, y, sample_weight=sample_weight)
    classifier = isinstance(est, DecisionTreeClassifier)
    y2 = np.asarray(y)
    if y2.ndim == 1:
        y2 = y2[:, None]
    n = X.shape[0]
    # The weights sklearn's builder saw: sample_weight times the expanded class_weight.
    sw = None if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    if classifier:
        codes = np.column_stack([np.unique(y2[:, k], return_inverse=True)[1] for k in range(y2.shape[1])])
        if est.class_weight is not None:
            cw = compute_sample_weight(est.class_weight, y if np.ndim(y) == 1 else y2)
            sw = cw if sw is None else sw * cw
        ycodes = codes.astype(np.float64)
        n_classes = [int(c) for c in np.atleast_1d(est.n_classes_)]
    else:
        ycodes = y2.astype(np.float64)
        n_classes = []
    p = est.get_params()
    min_samples_leaf = p["min_samples_leaf"]
    if isinstance(min_samples_leaf, float):
        min_samples_leaf = int(np.ceil(min_samples_leaf * n))
    min_samples_split = p["min_samples_split"]
    if isinstance(min_samples_split, float):
        min_samples_split = max(2, int(np.ceil(min_samples_split * n)))
    min_samples_split = max(min_samples_split, 2 * min_samples_leaf)
    total_w = n if sample_weight is None else np.sum(sample_weight)
    t = est.tree_
    prefix = name + "."
    save(prefix + "X", X, np.float64)
    save(prefix + "y", ycodes, np.float64)
    if sw is not None:
        save(prefix + "sw", sw, np.float64)
    for attr, dt in [("children_left", np.int64), ("children_right", np.int64), ("feature", np.int64),
                     ("threshold", np.float64), ("value", np.float64), ("impurity", np.float64),
                     ("n_node_samples", np.int64), ("weighted_n_node_samples", np.float64)]:
        save(prefix + attr, getattr(t, attr), dt)
    save(prefix + "feature_importances", est.feature_importances_, np.float64)
    save(prefix + "apply", est.apply(X.astype(np.float32)), np.int64)
    case = {
        "name": name,
        "criterion": p["criterion"],
        "splitter": p["splitter"],
        "max_depth": -1 if p["max_depth"] is None else p["max_depth"],
        "min_samples_split": min_samples_split,
        "min_samples_leaf": min_samples_leaf,
        "min_weight_leaf": p["min_weight_fraction_leaf"] * float(total_w),
        "max_features": int(est.max_features_),
        "max_leaf_nodes": -1 if p["max_leaf_nodes"] is None else p["max_leaf_nodes"],
        "min_impurity_decrease": p["min_impurity_decrease"],
        "ccp_alpha": p["ccp_alpha"],
        "seed": int(np.random.RandomState(p["random_state"]).randint(0, 0x7FFFFFFF)),
        "n_classes": n_classes,
        "has_sw": sw is not None,
        "max_depth_fitted": int(t.max_depth),
        "n_leaves": int(est.get_n_leaves()),
        "path": path,
    }
    if path:
        pp = est.cost_complexity_pruning_path(X, y, sample_weight=sample_weight)
        save(prefix + "ccp_alphas", pp.ccp_alphas, np.float64)
        save(prefix + "ccp_impurities", pp.impurities, np.float64)
    cases.append(case)


Xc, yc = make_classification(n_samples=300, n_features=8, n_informative=5, n_redundant=1, n_classes=3,
                             random_state=0)
add("gini_continuous", DecisionTreeClassifier(random_state=0), Xc, yc)
for rs in (1, 2, 3):
    add(f"entropy_sqrt_rs{rs}", DecisionTreeClassifier(criterion="entropy", max_features="sqrt", random_state=rs),
        Xc, yc)
add("log_loss_log2", DecisionTreeClassifier(criterion="log_loss", max_features="log2", random_state=7), Xc, yc)
add("gini_int3", DecisionTreeClassifier(max_features=3, random_state=11), Xc, yc)
add("gini_float", DecisionTreeClassifier(max_features=0.6, random_state=5), Xc, yc)

rng = np.random.RandomState(42)
Xr = np.round(rng.rand(400, 6) * 4) / 2  # values in {0, 0.5, ..., 2}: many ties
yr = (Xr[:, 0] + Xr[:, 1] * Xr[:, 2] + rng.rand(400) > 1.8).astype(int) + (Xr[:, 3] > 1).astype(int)
add("gini_repeated", DecisionTreeClassifier(random_state=3), Xr, yr)
add("gini_repeated_sqrt", DecisionTreeClassifier(max_features="sqrt", random_state=4), Xr, yr)

Xk = np.column_stack([np.ones(300), Xc[:, :3], np.full(300, -2.5), Xc[:, 3] * 0 + 1e-9 * np.arange(300), Xc[:, 4:]])
add("gini_constant_columns", DecisionTreeClassifier(max_features=3, random_state=8), Xk, yc)
add("entropy_constant_columns", DecisionTreeClassifier(criterion="entropy", max_features=2, random_state=9), Xk, yc)

Xi, yi = make_classification(n_samples=350, n_features=6, n_informative=4, n_classes=3, weights=[0.7, 0.2, 0.1],
                             random_state=2)
add("class_weight_balanced", DecisionTreeClassifier(class_weight="balanced", random_state=0), Xi, yi)
add("class_weight_dict", DecisionTreeClassifier(class_weight={0: 1.0, 1: 2.5, 2: 4.0}, max_features=4,
                                                random_state=1), Xi, yi)
swc = rng.rand(350) * 3
swc[::17] = 0.0
add("sample_weight_gini", DecisionTreeClassifier(random_state=2), Xi, yi, sample_weight=swc)
add("sample_weight_entropy_min_weight", DecisionTreeClassifier(criterion="entropy", min_weight_fraction_leaf=0.02,
                                                               random_state=2), Xi, yi, sample_weight=swc)
add("limits", DecisionTreeClassifier(max_depth=5, min_samples_leaf=4, min_samples_split=11, random_state=6), Xc, yc)
add("min_impurity_decrease", DecisionTreeClassifier(min_impurity_decrease=0.005, random_state=6), Xc, yc)
add("max_leaf_nodes", DecisionTreeClassifier(max_leaf_nodes=17, random_state=6), Xc, yc)
add("max_leaf_nodes_depth", DecisionTreeClassifier(max_leaf_nodes=12, max_depth=4, max_features=5, random_state=2),
    Xc, yc)
add("float_leaf_split", DecisionTreeClassifier(min_samples_leaf=0.02, min_samples_split=0.1, random_state=3), Xc, yc)
add("random_splitter", DecisionTreeClassifier(splitter="random", random_state=0), Xc, yc)
add("random_splitter_sqrt", DecisionTreeClassifier(splitter="random", max_features="sqrt", random_state=5), Xr, yr)
add("ccp_gini", DecisionTreeClassifier(ccp_alpha=0.004, random_state=0), Xc, yc, path=True)
ym = np.column_stack([yc, (Xc[:, 0] > 0).astype(int)])
add("multi_output_classifier", DecisionTreeClassifier(max_features=5, random_state=1), Xc, ym)

Xg, yg = make_regression(n_samples=300, n_features=7, n_informative=4, noise=3.0, random_state=0)
add("squared_error", DecisionTreeRegressor(random_state=0), Xg, yg)
add("squared_error_sqrt", DecisionTreeRegressor(max_features="sqrt", random_state=3), Xg, yg)
add("friedman_mse", DecisionTreeRegressor(criterion="friedman_mse", max_features=0.5, random_state=4), Xg, yg)
ypo = rng.poisson(np.exp(0.5 * Xg[:, 0] - 0.3 * Xg[:, 1]))
add("poisson", DecisionTreeRegressor(criterion="poisson", max_depth=6, random_state=1), Xg, ypo)
swr = rng.rand(300) + 0.1
add("squared_error_weighted", DecisionTreeRegressor(min_weight_fraction_leaf=0.01, random_state=2), Xg, yg,
    sample_weight=swr)
yrr = Xr[:, 0] * 2 + Xr[:, 1] - Xr[:, 4] + np.round(rng.rand(400), 1)
add("squared_error_repeated", DecisionTreeRegressor(max_features=4, random_state=5), Xr, yrr)
add("regressor_max_leaf_nodes", DecisionTreeRegressor(max_leaf_nodes=25, random_state=0), Xg, yg)
add("regressor_random", DecisionTreeRegressor(splitter="random", max_depth=8, random_state=9), Xg, yg)
add("ccp_regressor", DecisionTreeRegressor(ccp_alpha=20.0, random_state=0), Xg, yg, path=True)
add("multi_output_regressor", DecisionTreeRegressor(max_depth=7, random_state=0), Xg, np.column_stack([yg, Xg[:, 2]]))
# absolute_error: sklearn's weighted medians; repeated targets and fractional weights make the order of
# equal values in its sorted arrays matter.
add("absolute_error", DecisionTreeRegressor(criterion="absolute_error", max_depth=7, random_state=0), Xg[:150],
    yg[:150])
add("absolute_error_repeated_weighted", DecisionTreeRegressor(criterion="absolute_error", max_features=4,
    min_samples_leaf=2, random_state=5), Xr[:200], np.round(yrr[:200]), sample_weight=np.round(rng.rand(200) * 3, 1) + 0.5)
add("absolute_error_random_multi_output", DecisionTreeRegressor(criterion="absolute_error", splitter="random",
    max_leaf_nodes=15, random_state=3), Xg[:150], np.column_stack([yg[:150], np.round(Xg[:150, 2])]))

# Continuous columns with a few exactly repeated values (as float32 columns of make_classification
# have): the splitter's rank sort with sklearn's introsort run only down the subarrays holding ties,
# and its presorted lists, with the order of tied samples reaching regression sums and weighted counts.
Xt, yt = make_regression(n_samples=2000, n_features=6, n_informative=4, noise=2.0, random_state=4)
for j in range(Xt.shape[1]):
    Xt[rng.randint(0, 2000, 40), j] = Xt[rng.randint(0, 2000, 40), j]
add("friedman_mse_few_ties", DecisionTreeRegressor(criterion="friedman_mse", max_depth=6, random_state=0), Xt, yt,
    sample_weight=np.ones(2000))
add("squared_error_few_ties_sqrt", DecisionTreeRegressor(max_features="sqrt", max_depth=9, random_state=1), Xt, yt)
add("gini_few_ties_weighted", DecisionTreeClassifier(max_depth=8, random_state=2), Xt, (yt > 0).astype(int),
    sample_weight=rng.rand(2000) + 0.25)

with open(os.path.join(out, "cases.json"), "w") as f:
    json.dump(cases, f)
