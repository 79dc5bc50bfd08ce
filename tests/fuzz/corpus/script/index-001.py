y = F.embedding(i.t(), w.t()[::2])
z = F.embedding(i[::2, 1], w[:, 1:6].t())
