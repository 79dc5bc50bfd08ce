y = i.logsumexp(1)
z = e.logsumexp(0)
w = e.logsumexp(1)
