y = F.embedding(i, w)
