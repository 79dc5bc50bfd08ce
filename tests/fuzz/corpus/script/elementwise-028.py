y = torch.exp(a)
z = torch.tanh(a)
w = -a
