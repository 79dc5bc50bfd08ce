y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none')
m = F.nll_loss(x, t, weight=w, ignore_index=1)
s = F.nll_loss(x.transpose(2, 3), t.transpose(1, 2), weight=w, reduction='sum')
