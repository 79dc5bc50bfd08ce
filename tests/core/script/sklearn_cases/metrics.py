# case: classification_metrics_keywords
# input: y int64 [80] randint 0 3
# input: p int64 [80] randint 0 3
# input: w float64 [80] uniform 0.5 2
from sklearn.metrics import accuracy_score, balanced_accuracy_score, precision_score, recall_score, f1_score, fbeta_score, confusion_matrix, matthews_corrcoef, precision_recall_fscore_support
acc = accuracy_score(y, p)
count = accuracy_score(y, p, normalize=False)
wacc = accuracy_score(y, p, sample_weight=w)
bal = balanced_accuracy_score(y, p, adjusted=True)
macro = precision_score(y, p, average='macro')
micro = recall_score(y, p, average='micro')
weighted = f1_score(y, p, average='weighted', sample_weight=w)
per_label = f1_score(y, p, average=None)
fb = fbeta_score(y, p, beta=0.5, average='macro', zero_division=0)
cm = confusion_matrix(y, p)
cmn = confusion_matrix(y, p, normalize='true', labels=[2, 1, 0])
mcc = matthews_corrcoef(y, p)
prfs = precision_recall_fscore_support(y, p)

# case: binary_ranking_metrics
# input: y int64 [70] randint 0 2
# input: s float64 [70] uniform 0 1
from sklearn.metrics import roc_auc_score, roc_curve, precision_recall_curve, average_precision_score, log_loss, brier_score_loss, auc
a = roc_auc_score(y, s)
part = roc_auc_score(y, s, max_fpr=0.5)
fpr, tpr, thr = roc_curve(y, s)
curve = precision_recall_curve(y, s)
area = auc(fpr, tpr)
ap = average_precision_score(y, s)
ll = log_loss(y, s)
brier = brier_score_loss(y, s)

# case: regression_metrics_multioutput
# input: t float64 [50,2] normal
# input: q float64 [50,2] normal
from sklearn.metrics import r2_score, explained_variance_score, mean_absolute_error, mean_squared_error, median_absolute_error
r2 = r2_score(t, q)
raw = r2_score(t, q, multioutput='raw_values')
vw = explained_variance_score(t, q, multioutput='variance_weighted')
mae = mean_absolute_error(t[:, 0], q[:, 0])
rmse = mean_squared_error(t, q, squared=False)
mse_w = mean_squared_error(t, q, multioutput=[0.3, 0.7])
med = median_absolute_error(t, q)

# case: clustering_metrics
# input: X float64 [60,3] normal
# input: a int64 [60] randint 0 3
# input: b int64 [60] randint 0 4
from sklearn.metrics import silhouette_score, adjusted_rand_score, normalized_mutual_info_score, davies_bouldin_score, calinski_harabasz_score, mutual_info_score
sil = silhouette_score(X, a)
sampled = silhouette_score(X, a, sample_size=30, random_state=2)
ari = adjusted_rand_score(a, b)
nmi = normalized_mutual_info_score(a, b, average_method='geometric')
mi = mutual_info_score(a, b)
db = davies_bouldin_score(X, a)
ch = calinski_harabasz_score(X, a)

# case: multiclass_auc_from_probabilities
# input: X float64 [90,3] normal
# input: y int64 [90] randint 0 3
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import roc_auc_score, log_loss
m = GaussianNB().fit(X, y)
P = m.predict_proba(X)
ovr = roc_auc_score(y, P, multi_class='ovr', average='weighted')
ovo = roc_auc_score(y, P, multi_class='ovo')
ll = log_loss(y, P)
