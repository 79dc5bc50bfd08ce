y = torch.div(a, 2, rounding_mode='round')
