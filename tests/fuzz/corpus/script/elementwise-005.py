y = torch.add(i, i, alpha=0.5)
