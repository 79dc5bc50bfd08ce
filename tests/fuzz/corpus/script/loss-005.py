y = F.mse_loss(a.t(), b)
