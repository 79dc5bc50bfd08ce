y = F.softmax(i, dim=1)
