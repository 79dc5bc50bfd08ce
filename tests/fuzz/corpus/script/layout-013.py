z = torch.zeros_like(a.t()).view(-1)
