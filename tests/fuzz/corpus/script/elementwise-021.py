y = -m
