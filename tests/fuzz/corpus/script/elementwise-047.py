y = a.clone().add_(b)
