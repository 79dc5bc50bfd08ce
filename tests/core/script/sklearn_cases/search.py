# case: grid_search_dict_positional
# input: X float64 [60,4] normal
# input: y float64 [60] linear X
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import Ridge
from sklearn.model_selection import GridSearchCV, KFold
pipe = make_pipeline(StandardScaler(), Ridge())
search = GridSearchCV(pipe, {'ridge__alpha': [0.1, 1.0, 10.0]}, cv=5).fit(X, y)
best_alpha = search.best_params_['ridge__alpha']
best_score = search.best_score_
best_index = search.best_index_
mean_test = search.cv_results_['mean_test_score']
rank = search.cv_results_['rank_test_score']
coef = search.best_estimator_[-1].coef_
p = search.predict(X)
shuffled = GridSearchCV(pipe, {'ridge__alpha': [0.5, 2.0]}, cv=KFold(n_splits=4, shuffle=True, random_state=3)).fit(X, y)
shuffled_scores = shuffled.cv_results_['mean_test_score']

# case: grid_search_stratified_classifier
# input: X float64 [60,3] normal
# input: y int64 [60] randint 0 2
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold
search = GridSearchCV(KNeighborsClassifier(), {'n_neighbors': [3, 5, 7]}, cv=StratifiedKFold(n_splits=4, shuffle=True, random_state=3), scoring='accuracy').fit(X, y)
best_k = search.best_params_['n_neighbors']
neg = -search.best_score_
proba = search.predict_proba(X)[:, 1]

# case: randomized_search_distributions
# input: X float64 [60,4] normal
# input: y float64 [60] linear X
from scipy.stats import loguniform, randint, uniform
from sklearn.neighbors import KNeighborsRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import RandomizedSearchCV
search = RandomizedSearchCV(Ridge(), {'alpha': loguniform(1e-3, 1e2)}, n_iter=6, cv=3, random_state=0).fit(X, y)
best = search.best_params_['alpha']
knn = RandomizedSearchCV(KNeighborsRegressor(), {'n_neighbors': randint(2, 9), 'p': [1, 2]}, n_iter=4, cv=3, random_state=1).fit(X, y)
k = knn.best_params_['n_neighbors']
u = RandomizedSearchCV(Ridge(), {'alpha': uniform(0.5, 2.0)}, n_iter=3, cv=3, random_state=2).fit(X, y)
scores = u.cv_results_['mean_test_score']
