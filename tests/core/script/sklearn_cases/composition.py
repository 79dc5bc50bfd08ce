# case: column_transformer_named_transformers
# input: C float64 [80,2] randint 0 3
# input: N float64 [80,2] normal
# input: y int64 [80] randint 0 2
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.model_selection import train_test_split
X_train, X_test, y_train, y_test = train_test_split(N, y, random_state=0)
ct = ColumnTransformer([('num', StandardScaler(), [0]), ('pass', 'passthrough', [1])], remainder='drop')
model = Pipeline([('prep', ct), ('clf', LogisticRegression(C=0.5, tol=1e-10, max_iter=1000))]).fit(X_train, y_train)
p = model.predict_proba(X_test)[:, 1]
coef = model[-1].coef_
mean = model['prep'].named_transformers_['num'].mean_
enc = OneHotEncoder(sparse_output=False, handle_unknown='ignore').fit(C)
cats = enc.categories_
second = enc.categories_[1]
Z = enc.transform(C)[:, :4]
names = enc.get_feature_names_out()

# case: discriminant_and_string_labels
# input: X float64 [70,3] normal
# input: y str [70] labels ant,bee,cow
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, log_loss
lda = LinearDiscriminantAnalysis(solver='lsqr').fit(X, y)
coef = lda.coef_
p = lda.predict_proba(X)
lr = LogisticRegression(multi_class='multinomial', tol=1e-10, max_iter=1000).fit(X, y)
acc = accuracy_score(y, lr.predict(X))
ll = log_loss(y, lr.predict_proba(X))
