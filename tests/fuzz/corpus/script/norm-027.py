y = F.dropout(a, 0.0)
z = F.dropout(a.t(), 0.5, training=False)
w = F.dropout(a, p=1.0)
s = (y * y).sum() + (z * z * z).sum() + w.sum()
