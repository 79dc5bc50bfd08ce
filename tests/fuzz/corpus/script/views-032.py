y = a.squeeze()
z = a.squeeze(2)
w = a.squeeze(1)
v = torch.squeeze(a, 0)
u = a.unsqueeze(0)
q = torch.unsqueeze(a, -1)
r = a.unsqueeze(3).shape
