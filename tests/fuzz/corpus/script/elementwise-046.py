y = i.clone().add_(2)
z = i.clone().mul_(i)
w = i.clone().sub_(3)
