y = torch.clamp(a)
