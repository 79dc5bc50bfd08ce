y = F.mse_loss(a.t(), b)
n = F.mse_loss(c[:, ::2], b, reduction='none')
e = F.mse_loss(b.expand(4, 5), a.t(), reduction='sum')
