y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none', ignore_index=2)
m = F.nll_loss(z, u, weight=w)
k = F.nll_loss(z, u, weight=w, reduction='none')
