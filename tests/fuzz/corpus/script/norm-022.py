s = (F.softmax(x, dim=1) * r).sum() + (F.log_softmax(x, dim=-2) * r).sum()
