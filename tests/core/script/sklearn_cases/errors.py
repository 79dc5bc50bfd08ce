# case: unknown_name
# input: X float64 [10,2] normal
# error: name 'Ridgee' is not defined
# error-at: 2:5
from sklearn.linear_model import Ridge
m = Ridgee(alpha=1.0)

# case: bad_keyword_value_in_fit
# input: X float64 [10,2] normal
# input: y float64 [10] normal
# error: The 'alpha' parameter of Ridge must be a float in the range [0, inf)
# error-at: 3:7
from sklearn.linear_model import Ridge
m = Ridge(alpha=-1)
m = m.fit(X, y)

# case: unknown_keyword
# error: __init__() got an unexpected keyword argument 'alpah'
# error-at: 2:5
from sklearn.linear_model import Ridge
m = Ridge(alpah=1.0)

# case: not_fitted
# input: X float64 [10,2] normal
# error: This StandardScaler instance is not fitted yet
# error-at: 2:22
from sklearn.preprocessing import StandardScaler
Z = StandardScaler().transform(X)

# case: feature_count
# input: X float64 [10,3] normal
# error: X has 2 features, but StandardScaler is expecting 3 features as input
# error-at: 3:7
from sklearn.preprocessing import StandardScaler
s = StandardScaler().fit(X)
Z = s.transform(X[:, :2])

# case: no_such_method
# input: X float64 [10,3] normal
# error: 'StandardScaler' object has no attribute 'predict'
from sklearn.preprocessing import StandardScaler
p = StandardScaler().fit(X).predict(X)

# case: unfitted_attribute
# error: 'Ridge' object has no attribute 'coef_'
# error-at: 2:13
from sklearn.linear_model import Ridge
c = Ridge().coef_

# case: too_many_positionals
# error: takes 1 positional argument but 2 were given
from sklearn.preprocessing import StandardScaler
s = StandardScaler(True)

# case: split_bad_test_size
# input: X float64 [10,2] normal
# error: test_size=2.0 should be either positive and smaller than the number of samples
from sklearn.model_selection import train_test_split
a, b = train_test_split(X, test_size=2.0)

# case: kfold_one_split
# error: k-fold cross-validation requires at least one train/test split by setting n_splits=2 or more, got n_splits=1.
from sklearn.model_selection import KFold
cv = KFold(n_splits=1)
