y = F.mse_loss(a, b, reduction='sum')
