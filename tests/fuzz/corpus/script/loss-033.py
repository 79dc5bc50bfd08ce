y = F.nll_loss(x.t(), t)
z = F.nll_loss(x[:, ::2].t(), t[::2], ignore_index=0)
v = F.nll_loss(x[::2, :4], u[::2, 0], reduction="none")
