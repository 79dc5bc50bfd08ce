a.requires_grad_()
y = a.t()[2, 1]
y.backward()
g = a.grad
l = a.is_leaf
r = y.requires_grad
d = y.detach().requires_grad
