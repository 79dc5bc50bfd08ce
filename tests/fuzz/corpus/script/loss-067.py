y = F.cross_entropy(x, torch.tensor([2, 2, 2]), ignore_index=2, label_smoothing=0.2)
