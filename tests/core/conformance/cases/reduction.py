# Reductions (core/ops/sum.h, prod.h, var.h, minmax.h, logsumexp.h): dims as ints, tuples and lists,
# negative dims, keepdim, dtype rules, non-contiguous and zero-size inputs, both float dtypes, errors.

# case: sum_all_and_dims_f32
# input: a float32 [3,4,5] normal
y = a.sum()
z = a.sum(1)
w = a.sum((0, 2))
k = a.sum([-1, 0], keepdim=True)
t = torch.sum(a, dim=-2, keepdim=True)
e = a.sum([])

# case: sum_noncontig_f64
# input: a float64 [4,6] normal
# input: b float64 [1,5] normal
y = a.t().sum(0)
z = a[::2, 1::2].sum(1, True)
w = b.expand(3, 5).sum(0)
v = a.t()[1:, ::3].sum()

# case: sum_dtype_rules
# input: i int64 [3,4] randint -5 5
# input: m bool [3,4] bernoulli 0.5
y = i.sum()
z = i.sum(1)
w = m.sum(0)
v = m.sum()
f = i.sum(1, dtype=torch.float32)
g = torch.sum(i, dtype=torch.float64)

# case: sum_zero_size
# input: a float32 [0,3] normal
y = a.sum()
z = a.sum(0)
w = a.sum(1, keepdim=True)

# case: sum_zero_dim
# input: a float64 [] normal
y = a.sum()
z = a.sum(0)
w = a.sum(-1, keepdim=True)

# case: sum_dim_out_of_range
# input: a float32 [2,3] normal
# error: Dimension out of range
y = a.sum(2)

# case: sum_repeated_dim
# input: a float32 [2,3] normal
# error: appears multiple times
y = a.sum((0, -2))

# case: mean_dims
# input: a float32 [3,4,5] normal
# input: b float64 [4,6] normal
y = a.mean()
z = a.mean(-1)
w = a.mean((0, 1), keepdim=True)
v = torch.mean(b.t(), dim=1)
u = b[:, ::2].mean([0])
d = a.mean(1, dtype=torch.float64)

# case: mean_zero_size
# input: a float32 [0,4] normal
y = a.mean()
z = a.mean(0)
w = a.mean(1)

# case: mean_int_fails
# input: i int64 [3] randint 0 5
# error: mean(): could not infer output dtype
y = i.mean()

# case: prod_all_and_dim
# input: a float32 [3,4] uniform 0.5 1.5
# input: b float64 [5,3] uniform -1.5 1.5
y = a.prod()
z = a.prod(1)
w = torch.prod(a, 0, keepdim=True)
v = b.t().prod(-1)
u = b[::2].prod(0)

# case: prod_dtype_and_empty
# input: i int64 [2,3] randint -3 4
# input: m bool [2,3] bernoulli 0.7
# input: e float64 [0,3] normal
y = i.prod()
z = i.prod(1)
w = m.prod(0)
v = e.prod()
u = e.prod(0)
f = i.prod(1, dtype=torch.float64)

# case: var_std_f32
# input: a float32 [4,5,6] normal
y = a.var()
z = a.var(1)
w = a.std((0, 2), keepdim=True)
v = torch.var(a, -1, unbiased=False)
u = a.std(0, correction=0)
s = torch.std(a, dim=[1, 2], correction=2)
r = a.var(1, True, True)

# case: var_std_f64_noncontig
# input: a float64 [6,4] normal
# input: b float64 [1,4] normal
y = a.t().var(1)
z = a[1::2].std(0)
w = b.expand(5, 4).var(0)
v = a.t()[::2].std()

# case: var_degenerate
# input: a float32 [1,3] normal
# input: e float64 [0,2] normal
y = a.var(0)
z = a.var(1, correction=5)
w = e.var()
v = e.std(0)
u = a.std(1, correction=-1)

# case: var_int_fails
# input: i int64 [4] randint 0 9
# error: std and var only support floating point
y = i.var()

# case: max_min_full
# input: a float32 [3,4] normal
# input: b float64 [5,2] normal
# input: i int64 [3,4] randint -9 9
# input: m bool [6] bernoulli 0.5
y = a.max()
z = a.min()
w = b.t().max()
v = i.min()
u = m.max()
s = torch.max(b[::2])

# case: max_min_dim
# input: a float32 [3,4,5] normal
# input: b float64 [4,6] normal
y = a.max(1)[0]
yi = a.max(1)[1]
z = a.min(-1, keepdim=True)[0]
zi = a.min(-1, keepdim=True)[1]
w = torch.max(b.t(), dim=1)[0]
wi = torch.max(b.t(), dim=1)[1]
v = torch.min(b[:, 1::2], 0, True)[0]
vi = torch.min(b[:, 1::2], 0, True)[1]

# case: max_dim_int_and_zero_size
# input: i int64 [3,5] randint -100 100
# input: e float32 [0,3] normal
y = i.max(1)[0]
yi = i.max(1)[1]
z = e.max(1)[0]
zi = e.min(1)[1]

# case: max_empty_fails
# input: e float32 [0,3] normal
# error: max(): Expected reduction dim to be specified
y = e.max()

# case: max_empty_dim_fails
# input: e float32 [0,3] normal
# error: Expected reduction dim 0 to have non-zero size
y = e.min(0)

# case: amax_amin
# input: a float32 [3,4,5] normal
# input: b float64 [4,6] normal
# input: i int64 [4,3] randint -50 50
y = a.amax()
z = a.amax(1)
w = a.amin((0, 2), keepdim=True)
v = torch.amax(b.t(), dim=-1)
u = torch.amin(b[::2, ::3], [0, 1])
s = i.amax(0)
r = i.t().amin(1, True)

# case: amax_zero_size
# input: e float64 [0,3] normal
y = e.amax(1)
z = e.amin(-1, keepdim=True)

# case: amax_empty_dim_fails
# input: e float64 [0,3] normal
# error: amax(): Expected reduction dim 0 to have non-zero size
y = e.amax(0)

# case: argmax_argmin
# input: a float32 [3,4,5] normal
# input: b float64 [4,6] normal
# input: i int64 [5,4] randint -1000 1000
y = a.argmax()
z = a.argmax(1)
w = a.argmin(-1, keepdim=True)
v = torch.argmax(b.t())
u = torch.argmin(b.t(), dim=0)
s = b[::2, 1::2].argmax(1)
r = i.argmin()
q = i.argmax(0, True)
p = a.argmax(keepdim=True)

# case: argmax_zero_size
# input: e float32 [0,3] normal
y = e.argmax(1)
z = e.argmin(-1, keepdim=True)

# case: argmax_empty_fails
# input: e float32 [0,3] normal
# error: argmax(): Expected reduction dim to be specified for input.numel() == 0
y = e.argmax()

# case: logsumexp_dims
# input: a float32 [3,4,5] normal
# input: b float64 [4,6] uniform -30 30
y = a.logsumexp(1)
z = torch.logsumexp(a, (0, 2), keepdim=True)
w = b.t().logsumexp(-1)
v = torch.logsumexp(b[::2, 1::2], dim=[0, 1])
u = a.logsumexp(0, True)

# case: logsumexp_int_and_empty
# input: i int64 [3,4] randint -5 5
# input: e float64 [0,3] normal
y = i.logsumexp(1)
z = e.logsumexp(0)
w = e.logsumexp(1)

# Gradients (compared with torch's, and the graph along grad_fn.next_functions): every reduction with
# broadcast and non-contiguous inputs and keepdim both ways.

# case: grad_sum
# input: a float64 [3,4,5] normal
# input: b float64 [5,4] normal
# requires_grad: a,b
# backward: s
y = (a + b.t()).sum(1)
z = a[:, ::2].sum((0, 2), keepdim=True)
w = b.t().sum(-1)
v = torch.sum(b[::2], dim=0, keepdim=True)
s = (y * y).sum() + (z * z).sum() + (w * w * w).sum() + (v * b).sum() + a.sum()

# case: grad_sum_f32_zero_dim_and_empty_dims
# input: a float32 [2,3] normal
# input: c float32 [] normal
# requires_grad: a,c
# backward: s
y = a.sum([]) * a
z = c.sum(0) * c.sum()
s = (y * a.t().sum(1, keepdim=True).t()).sum() + z

# case: grad_mean
# input: a float64 [3,4,5] normal
# input: b float64 [4,1] normal
# requires_grad: a,b
# backward: s
y = (a * b).mean(1)
z = a.transpose(0, 2).mean((0, 1), keepdim=True)
w = torch.mean(b.expand(4, 3), dim=-1)
s = (y * y).mean() + (z * z).sum() + (w * w).sum() + a[::2, 1:].mean()

# case: grad_prod
# input: a float64 [3,4] uniform 0.5 1.5
# input: b float64 [4] uniform -1.5 1.5
# requires_grad: a,b
# backward: s
y = (a * b).prod(1)
z = a.t().prod(0, keepdim=True)
w = torch.prod(a[::2], -1, keepdim=False)
s = y.sum() + (z * z).sum() + w.sum() + b.prod() + a.prod()

# case: grad_prod_with_zeros
# input: a float64 [3,4] uniform 0.5 1.5
# requires_grad: a
# backward: s
m = a * torch.tensor([[1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]], dtype=torch.float64)
s = m.prod(1).sum() + m.prod(0).sum() + m.prod() + m[2].prod()

# case: grad_var_std
# input: a float64 [4,5,3] normal
# input: b float64 [5,1] normal
# requires_grad: a,b
# backward: s
y = (a + b).var(1)
z = a.std((0, 2), keepdim=True)
w = torch.var(a.transpose(0, 1), -1, unbiased=False, keepdim=True)
v = a[::2].std(0, correction=0)
u = torch.std(a, dim=[1, 2], correction=2)
s = y.sum() + (z * z).sum() + (w * w).sum() + v.sum() + u.sum() + b.var() + a.std()

# case: grad_var_std_f32
# input: a float32 [3,6] normal
# requires_grad: a
# backward: s
s = a.var(1, True, True).sum() + a.t().std(1).sum() + a.var()

# case: grad_max_min
# input: a float64 [3,4,5] normal
# input: b float64 [4,6] normal
# requires_grad: a,b
# backward: s
y = a.max(1)[0]
z = a.min(-1, keepdim=True)[0]
w = torch.max(b.t(), dim=1)[0]
v = torch.min(b[:, 1::2], 0, True)[0]
s = (y * y).sum() + (z * z).sum() + w.sum() + v.sum() + a.max() + b.t().min()

# case: grad_max_min_ties
# input: a float64 [3,4] normal
# requires_grad: a
# backward: s
t = torch.cat([a, a[:, :1]], 1)
s = t.max() + t.min() + t.max(1)[0].sum() + t.amax(1).sum() + t.amin(0).sum()

# case: grad_amax_amin
# input: a float64 [3,4,5] normal
# input: b float64 [4,6] normal
# requires_grad: a,b
# backward: s
y = a.amax(1)
z = a.amin((0, 2), keepdim=True)
w = torch.amax(b.t(), dim=-1)
v = torch.amin(b[::2, ::3], [0, 1])
s = (y * y).sum() + (z * z).sum() + w.sum() + v + a.amax() + b.amin(0, True).sum()

# case: grad_logsumexp
# input: a float64 [3,4,5] normal
# input: b float64 [4,6] uniform -30 30
# requires_grad: a,b
# backward: s
y = a.logsumexp(1)
z = torch.logsumexp(a, (0, 2), keepdim=True)
w = b.t().logsumexp(-1)
v = torch.logsumexp(b[::2, 1::2], dim=[0, 1])
s = (y * y).sum() + (z * z).sum() + w.sum() + v + a.logsumexp(0, True).sum()
