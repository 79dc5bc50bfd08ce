y = torch.clamp(a, lo, hi) + torch.clamp(a, -0.5, 0.5) + torch.clamp(a, max=hi)
z = torch.where(a > 0, a, b) + torch.where(b > 0, 1.0, a)
w = torch.maximum(a, b) * torch.minimum(a, lo)
s = (y * z).sum() + w.sum()
