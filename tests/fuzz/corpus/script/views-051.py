y = a.view(2, 6).transpose(0, 1)[4, 1]
g, = torch.autograd.grad(y, a)
