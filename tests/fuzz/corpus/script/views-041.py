r, c = a.shape
x0, x1, x2 = a
u, = (a,)
alias = x1
