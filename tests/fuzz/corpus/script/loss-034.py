y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none')
m = F.nll_loss(x, t, weight=w)
