# case: make_pipeline_step_names_and_indexing
# input: X float64 [50,4] normal
# input: y float64 [50] linear X
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, PolynomialFeatures
from sklearn.linear_model import Ridge
model = make_pipeline(StandardScaler(), PolynomialFeatures(2), StandardScaler(), Ridge(alpha=2.0))
fitted = model.fit(X, y)
p = fitted.predict(X)
coef = model[-1].coef_
same = model.named_steps['ridge'].coef_
scaled_mean = model.named_steps['standardscaler-1'].mean_
second_scale = model['standardscaler-2'].scale_
head = model[:2].transform(X)
names = model[:-1].get_feature_names_out()
r2 = model.score(X, y)
nested = model.get_params()['ridge__alpha']

# case: pipeline_class_with_tuples
# input: X float64 [40,3] normal
# input: y int64 [40] randint 0 2
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.neighbors import KNeighborsClassifier
pipe = Pipeline([('scale', MinMaxScaler()), ('knn', KNeighborsClassifier(n_neighbors=3))])
pipe.fit(X, y)
proba = pipe.predict_proba(X)[:, 1]
label = pipe.predict(X)
min_ = pipe['scale'].min_
k = pipe[-1].n_neighbors
steps_seen = pipe.n_features_in_
pipe.set_params(knn__n_neighbors=5)
proba5 = pipe.fit(X, y).predict_proba(X)

# case: pipeline_with_passthrough_and_imputer
# input: X float64 [40,3] nan 0.1
# input: y float64 [40] normal
import numpy as np
from sklearn.pipeline import Pipeline
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LinearRegression
pipe = Pipeline([('impute', SimpleImputer(missing_values=np.nan, strategy='median')), ('nothing', 'passthrough'), ('lr', LinearRegression())])
pipe.fit(X, y)
stats = pipe['impute'].statistics_
coef = pipe[-1].coef_
filled = pipe[:1].transform(X)

# case: clustering_and_decomposition
# input: X float64 [60,4] normal
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA
km = KMeans(n_clusters=3, n_init=4, random_state=0).fit(X)
centers = km.cluster_centers_
labels = km.labels_
neg_inertia = -km.inertia_
dist = km.transform(X)[:5]
pred = km.fit_predict(X)
pca = PCA(n_components=2, random_state=0)
Z = pca.fit_transform(X)
ratio = pca.explained_variance_ratio_
back = pca.inverse_transform(Z)[:3, :]
ll = pca.score_samples(X)[:4]
