y = i.clone().mul_(1.5)
