y = F.mse_loss(a, b)
z = F.mse_loss(b, a, reduction='none')
