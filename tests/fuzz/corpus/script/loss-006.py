y = F.mse_loss(a, b)
