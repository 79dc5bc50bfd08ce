s = a[::2].tanh()
y = s.view(-1).sum() + s.contiguous().sum()
