y = F.l1_loss(a, b)
s = F.l1_loss(a, b, reduction='sum')
n = F.l1_loss(c[::2], b.double(), reduction="none")
z = F.l1_loss(a.t(), a.t())
