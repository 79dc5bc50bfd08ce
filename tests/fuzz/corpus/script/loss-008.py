y = F.mse_loss(a, a)
