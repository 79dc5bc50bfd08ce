y = i / j
z = i / 2
w = torch.div(i, j, rounding_mode='floor')
v = torch.div(i, j, rounding_mode='trunc')
u = torch.div(i, -2, rounding_mode='floor')
