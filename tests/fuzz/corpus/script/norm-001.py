y = F.softmax(x, dim=1)
z = F.log_softmax(x, dim=1)
w = F.softmax(x, dim=-2)
