z = b.permute(2, 0, 1).flatten(1)[3, 4]
y = a.expand(3, 5).unsqueeze(0).squeeze()[2, 4]
