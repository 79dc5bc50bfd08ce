"""The sklearn 1.2.1 side of test_hist_gradient_boosting: writes DIR/NAME.npy for
- bins: 3000x4 data (a column of 40 distinct values, one with 10 % NaN, two continuous) and
  `_bin_mapper.bin_thresholds_` of HistGradientBoostingRegressor(max_bins=255) and of max_bins=17;
- subsample: a 200001x1 column, whose thresholds come from a 200000-row subsample (random_state=5);
- poisson: predictions of loss='poisson' on positive counts;
- auto: 12000 rows, early_stopping='auto' (on: more than 10000 rows), its n_iter_, validation_score_
  and predict_proba;
- cats: 4000 rows with a 250-category column (Zipf-like counts: many categories under MIN_CAT_SUPPORT,
  many with equal counts and so equal ratios) and a 30-category one with NaN, a continuous column;
  predict_proba of a classifier with categorical_features=[0, 1] on held-out rows with unknown
  categories, and its predictors' nodes."""
import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor

d = sys.argv[1]
rng = np.random.RandomState(0)
X = np.column_stack([rng.randint(0, 40, 3000).astype(float), rng.randn(3000), rng.gamma(2.0, size=3000),
                     rng.randn(3000) * 100])
X[rng.rand(3000) < 0.1, 1] = np.nan
y = np.nan_to_num(X[:, 1]) + 0.01 * X[:, 3] + rng.randn(3000)
np.save(f"{d}/bins_X.npy", X)
np.save(f"{d}/bins_y.npy", y)
for bins in (255, 17):
    m = HistGradientBoostingRegressor(max_iter=1, max_bins=bins).fit(X, y)
    for f, t in enumerate(m._bin_mapper.bin_thresholds_):
        np.save(f"{d}/bins_{bins}_{f}.npy", t)

Xs = rng.randn(200001, 1)
ys = Xs[:, 0] + rng.randn(200001)
np.save(f"{d}/subsample_X.npy", Xs)
np.save(f"{d}/subsample_y.npy", ys)
m = HistGradientBoostingRegressor(max_iter=1, random_state=5, early_stopping=False).fit(Xs, ys)
np.save(f"{d}/subsample_thresholds.npy", m._bin_mapper.bin_thresholds_[0])

Xp = np.abs(rng.randn(400, 3))
yp = rng.poisson(np.exp(Xp @ np.array([0.5, -0.3, 0.2]))).astype(float)
np.save(f"{d}/poisson_X.npy", Xp)
np.save(f"{d}/poisson_y.npy", yp)
np.save(f"{d}/poisson_pred.npy", HistGradientBoostingRegressor(loss="poisson", max_iter=15).fit(Xp, yp).predict(Xp))

Xa = rng.randn(12000, 5)
ya = (Xa[:, 0] + 0.5 * Xa[:, 1] ** 2 + rng.randn(12000) > 0.5).astype(np.int64)
np.save(f"{d}/auto_X.npy", Xa)
np.save(f"{d}/auto_y.npy", ya)
c = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.5, n_iter_no_change=3, random_state=11).fit(Xa, ya)
np.save(f"{d}/auto_n_iter.npy", np.array([c.n_iter_], dtype=np.int64))
np.save(f"{d}/auto_validation_score.npy", c.validation_score_)
np.save(f"{d}/auto_proba.npy", c.predict_proba(Xa[:500]))

n = 4000
c0 = np.minimum(np.floor(rng.pareto(1.2, n) * 8), 249)
c1 = rng.randint(0, 30, n).astype(float)
c1[rng.rand(n) < 0.08] = np.nan
xc = rng.randn(n)
score = np.where(c0 % 7 < 3, 1.0, -1.0) + np.where(np.nan_to_num(c1, nan=5) % 4 == 0, 1.5, 0) + xc
yc = (score + rng.randn(n) > 0.3).astype(np.int64)
Xc = np.column_stack([c0, c1, xc])
Xt = np.column_stack([rng.randint(0, 252, 500), rng.randint(0, 32, 500), rng.randn(500)]).astype(float)
np.save(f"{d}/cats_X.npy", Xc)
np.save(f"{d}/cats_y.npy", yc)
np.save(f"{d}/cats_X_test.npy", Xt)
m = HistGradientBoostingClassifier(max_iter=30, categorical_features=[0, 1], early_stopping=False,
                                   min_samples_leaf=5).fit(Xc, yc)
np.save(f"{d}/cats_proba.npy", m.predict_proba(Xt))
trees = [p for it in m._predictors for p in it]
np.save(f"{d}/cats_feature_idx.npy", np.concatenate([p.nodes["feature_idx"] for p in trees]).astype(np.int64))
np.save(f"{d}/cats_raw_bitsets.npy", np.concatenate([p.raw_left_cat_bitsets for p in trees]).astype(np.int64))
