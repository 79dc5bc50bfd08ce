y = m - m
