y = i - j
z = i - 3
w = torch.sub(j, i, alpha=2)
