y = a.unsqueeze(4)
