y = F.mse_loss(a, b)
s = F.mse_loss(a, b, reduction='sum')
n = F.mse_loss(a, b, reduction='none')
