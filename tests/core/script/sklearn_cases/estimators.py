# case: scaler_keywords_of_every_type
# input: X float64 [40,4] normal
from sklearn.preprocessing import MinMaxScaler, StandardScaler, RobustScaler
Z = MinMaxScaler(feature_range=(-1, 2), clip=False).fit_transform(X)
head = Z[:, :2]
s = StandardScaler(with_mean=True, with_std=False, copy=True).fit(X)
mean = s.mean_
n_in = s.n_features_in_
r = RobustScaler(quantile_range=(10.0, 90.0), with_centering=False).fit(X).transform(X)
scale = RobustScaler(unit_variance=True).fit(X).scale_

# case: polynomial_binarizer_normalizer
# input: X float64 [30,3] ties 4
from sklearn.preprocessing import PolynomialFeatures, Binarizer, Normalizer
P = PolynomialFeatures(degree=2, interaction_only=True, include_bias=False).fit(X)
T = P.transform(X)
powers = P.powers_
n_out = P.n_output_features_
B = Binarizer(threshold=0.25).fit_transform(X)
N = Normalizer(norm='l1').fit_transform(X)

# case: linear_models_attributes_and_arithmetic
# input: X float64 [50,4] normal
# input: y float64 [50] linear X
from sklearn.linear_model import LinearRegression, Ridge, Lasso, ElasticNet
lr = LinearRegression().fit(X, y)
coef = lr.coef_
b = lr.intercept_
shifted = -lr.intercept_ * 2 + 1
ratio = lr.coef_ / 2 - 1
r = Ridge(0.7, solver='auto', max_iter=None, positive=False).fit(X, y)
rc = r.coef_
alpha = r.alpha
params = r.get_params()
alpha_from_params = params['alpha']
las = Lasso(alpha=0.05, tol=1e-12, max_iter=100000).fit(X, y)
lc = las.coef_
en = ElasticNet(alpha=0.1, l1_ratio=0.3, tol=1e-12, max_iter=100000, selection='cyclic').fit(X, y)
ec = en.coef_
s = en.score(X, y)

# case: classifiers_probabilities_and_columns
# input: X float64 [60,3] normal
# input: y int64 [60] randint 0 3
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.naive_bayes import GaussianNB
knn = KNeighborsClassifier(n_neighbors=4, weights='distance', p=1).fit(X, y)
p = knn.predict(X)
proba = knn.predict_proba(X)
p1 = knn.predict_proba(X)[:, 1]
classes = knn.classes_
nb = GaussianNB(var_smoothing=1e-8, priors=[0.2, 0.3, 0.5]).fit(X, y)
theta = nb.theta_
logp = nb.predict_log_proba(X[:5])
acc = nb.score(X, y)
kr = KNeighborsRegressor(3).fit(X, X[:, 0]).predict(X[10:20])

# case: class_weight_dict_and_tree_object
# input: X float64 [60,3] ties 3
# input: y int64 [60] randint 0 2
from sklearn.tree import DecisionTreeClassifier
t = DecisionTreeClassifier(max_depth=3, class_weight={0: 1, 1: 3}, random_state=0).fit(X, y)
feature = t.tree_.feature
threshold = t.tree_.threshold
value = t.tree_.value
p = t.predict_proba(X)[:, 1]

# case: tree_arrays_and_a_forest_member
# input: X float64 [80,4] ties 6
# input: y int64 [80] randint 0 3
from sklearn.tree import DecisionTreeClassifier
from sklearn.ensemble import RandomForestClassifier
t = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X, y)
threshold = t.tree_.threshold
children = t.tree_.children_left
f = RandomForestClassifier(n_estimators=6, max_depth=3, random_state=2).fit(X, y)
member_feature = f.estimators_[3].tree_.feature
member_value = f.estimators_[-1].tree_.value
n_trees = len(f.estimators_)
