y = a.clone().copy_(b)
