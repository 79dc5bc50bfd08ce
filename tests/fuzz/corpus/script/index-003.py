y = F.mse_loss(F.embedding(i, w, padding_idx=2), c)
