y = F.mse_loss(F.embedding(i, w), c, reduction='sum')
