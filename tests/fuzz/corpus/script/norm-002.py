y = a.t().softmax(1)
z = F.log_softmax(a[::2, 1::2], dim=0)
w = b.expand(3, 5).softmax(-1)
v = F.log_softmax(a.t(), dim=-1)
