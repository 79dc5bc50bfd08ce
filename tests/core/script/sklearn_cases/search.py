# case: grid_search_dict_positional
# requires: GridSearchCV
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
# requires: GridSearchCV
# input: X float64 [60,3] normal
# input: y int64 [60] randint 0 2
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold
search = GridSearchCV(KNeighborsClassifier(), {'n_neighbors': [3, 5, 7]}, cv=StratifiedKFold(n_splits=4, shuffle=True, random_state=3), scoring='accuracy').fit(X, y)
best_k = search.best_params_['n_neighbors']
neg = -search.best_score_
proba = search.predict_proba(X)[:, 1]
