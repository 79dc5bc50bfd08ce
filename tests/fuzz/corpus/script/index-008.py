y = F.embedding(i, w, padding_idx=5)
