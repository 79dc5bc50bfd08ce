y = torch.gather(x.t(), 1, i)
z = torch.gather(n[:, ::2], 0, i.t())
c = b.gather(1, i[:, :2])
s = torch.gather(x[::2, 1:], 1, i[:3].t().t())
