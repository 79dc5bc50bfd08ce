y = a.view_as(b)
z = a.reshape_as(b.t())
