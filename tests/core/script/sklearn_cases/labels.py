# case: string_labels_classifier
# input: X float64 [60,3] normal
# input: y str [60] labels cat,dog,emu
from sklearn.neighbors import KNeighborsClassifier
from sklearn.metrics import accuracy_score, f1_score, confusion_matrix
m = KNeighborsClassifier(n_neighbors=5).fit(X, y)
p = m.predict(X)
proba = m.predict_proba(X)
acc = accuracy_score(y, p)
f1 = f1_score(y, p, average='macro')
cm = confusion_matrix(y, p)
score = m.score(X, y)
classes = m.classes_

# case: string_labels_binary_pos_label
# input: X float64 [50,2] normal
# input: y str [50] labels no,yes
from sklearn.naive_bayes import GaussianNB
from sklearn.metrics import precision_score, recall_score
from sklearn.model_selection import train_test_split
X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=1, stratify=y)
m = GaussianNB().fit(X_train, y_train)
p = m.predict(X_test)
prec = precision_score(y_test, p, pos_label='yes')
rec = recall_score(y_test, p, pos_label='no', zero_division=1)
prob = m.predict_proba(X_test)[:, 1]
