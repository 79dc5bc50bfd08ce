# case: train_test_split_four_names_stratified
# input: X float64 [60,3] normal
# input: y int64 [60] randint 0 3
from sklearn.model_selection import train_test_split
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0, stratify=y)
n_train = X_train.shape[0]
parts = train_test_split(X, test_size=10, shuffle=False)
a, b = train_test_split(y, train_size=0.5, random_state=4)

# case: splitters_as_objects
# input: X float64 [30,2] normal
# input: y int64 [30] randint 0 2
# input: g int64 [30] randint 0 6
from sklearn.model_selection import KFold, StratifiedKFold, GroupKFold, ShuffleSplit, StratifiedShuffleSplit
kf = list(KFold(n_splits=4, shuffle=True, random_state=3).split(X))
skf = list(StratifiedKFold(n_splits=3, shuffle=True, random_state=1).split(X, y))
gkf = list(GroupKFold(n_splits=3).split(X, y, groups=g))
ss = list(ShuffleSplit(n_splits=2, test_size=0.3, random_state=0).split(X))
sss = list(StratifiedShuffleSplit(2, test_size=6, random_state=5).split(X, y))
n = StratifiedKFold(n_splits=4, shuffle=True, random_state=3).get_n_splits()
cv = KFold(5)
k = cv.n_splits

# case: float32_inputs_are_widened
# input: X float32 [40,3] normal
# input: y float64 [40] normal
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
Z = StandardScaler().fit_transform(X)
coef = Ridge(alpha=1.0).fit(X, y).coef_
first = X[:, 0]
