y = torch.exp(a) + torch.log(a) + torch.sqrt(a) + torch.sin(a) + torch.cos(a) + torch.tanh(a)
z = -a + torch.abs(a - 1)
s = (y * z).sum()
