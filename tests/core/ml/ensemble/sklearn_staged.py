"""The sklearn 1.2.1 side of test_forest_estimators' staged checks: writes DIR/X.npy, y_class.npy,
y_reg.npy and, for GradientBoostingClassifier(n_estimators=6, max_depth=2, random_state=0) on 3 classes
and GradientBoostingRegressor(loss='huber', n_estimators=6, random_state=0), every stage's
staged_predict_proba, staged_decision_function and staged_predict as [stages, ...] arrays."""
import sys

import numpy as np
from sklearn.ensemble import GradientBoostingClassifier, GradientBoostingRegressor

d = sys.argv[1]
rng = np.random.RandomState(0)
X = rng.randn(120, 4)
y_class = np.argmax(X @ rng.randn(4, 3) + 0.5 * rng.randn(120, 3), axis=1).astype(np.int64)
y_reg = X @ rng.randn(4) + 0.3 * rng.randn(120)
np.save(f"{d}/X.npy", X)
np.save(f"{d}/y_class.npy", y_class)
np.save(f"{d}/y_reg.npy", y_reg)
c = GradientBoostingClassifier(n_estimators=6, max_depth=2, random_state=0).fit(X, y_class)
np.save(f"{d}/staged_proba.npy", np.array(list(c.staged_predict_proba(X))))
np.save(f"{d}/staged_decision.npy", np.array(list(c.staged_decision_function(X))))
np.save(f"{d}/staged_class.npy", np.array(list(c.staged_predict(X))).astype(np.int64))
r = GradientBoostingRegressor(loss="huber", n_estimators=6, random_state=0).fit(X, y_reg)
np.save(f"{d}/staged_reg.npy", np.array(list(r.staged_predict(X))))
