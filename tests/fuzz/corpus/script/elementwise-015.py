y = torch.div(a, b, rounding_mode='floor')
z = torch.div(a, b, rounding_mode='trunc')
w = torch.div(a, -0.7, rounding_mode='floor')
