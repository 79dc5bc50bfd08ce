# case: cross_val_score_and_validate
# input: X float64 [60,4] normal
# input: y float64 [60] linear X
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import Ridge
from sklearn.model_selection import cross_val_score, cross_validate, KFold
pipe = make_pipeline(StandardScaler(), Ridge(alpha=0.5))
scores = cross_val_score(pipe, X, y, cv=5)
mse = -cross_val_score(pipe, X, y, cv=KFold(n_splits=4, shuffle=True, random_state=3), scoring='neg_mean_squared_error')
res = cross_validate(pipe, X, y, cv=3, scoring=['r2', 'neg_mean_absolute_error'], return_train_score=True)
test_r2 = res['test_r2']
train_mae = res['train_neg_mean_absolute_error']

# case: cross_val_predict_and_curves
# input: X float64 [60,3] normal
# input: y int64 [60] randint 0 2
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import cross_val_predict, learning_curve, validation_curve, StratifiedKFold
knn = KNeighborsClassifier(n_neighbors=5)
pred = cross_val_predict(knn, X, y, cv=4)
proba = cross_val_predict(knn, X, y, cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=1), method='predict_proba')
sizes, train_scores, test_scores = learning_curve(knn, X, y, cv=3, train_sizes=[0.5, 1.0])
vtrain, vtest = validation_curve(knn, X, y, param_name='n_neighbors', param_range=[1, 3, 7], cv=3)
