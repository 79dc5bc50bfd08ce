# Element-wise ops (core/ops/add.h, mul.h, div.h, pow.h, unary.h, activation.h, clamp.h, where.h,
# compare.h, maximum.h, fill.h): broadcasting, non-contiguous operands (transposed, sliced with steps,
# expanded), zero-size and 0-d tensors, both float dtypes, keyword arguments, int64/bool inputs and
# torch's type promotion, in-place forms, errors, gradients.

# case: add_broadcast_noncontig
# input: a float32 [3,1,4] normal
# input: b float32 [4,3] normal
y = a + b.t()[:1, :]
z = a + b.t()
w = torch.add(a, b.t()[::2], alpha=2)
v = a.add(b[:, 1], alpha=-0.5)

# case: add_f64_expanded_zero_dim
# input: a float64 [2,3] normal
# input: b float64 [1,3] normal
# input: c float64 [] normal
y = a + b.expand(2, 3)
z = a + c
w = c + 2.5
v = 1 + a

# case: add_dtype_promotion
# input: i int64 [2,3] randint -5 5
# input: m bool [2,3] bernoulli 0.5
# input: a float32 [3] normal
# input: d float64 [] normal
y = i + a
z = i + 2.5
w = m + m
v = m + 1
u = i + d
t = a + d
s = torch.add(i, i, alpha=3)
r = i + True

# case: add_zero_size
# input: a float32 [0,3] normal
# input: b float32 [3] normal
y = a + b
z = a + 1

# case: add_shape_error
# input: a float32 [2,3] normal
# input: b float32 [2,4] normal
# error: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
y = a + b

# case: add_float_alpha_on_int
# input: i int64 [3] randint 0 5
# error: alpha must not be a floating point number
y = torch.add(i, i, alpha=0.5)

# case: sub_broadcast_alpha
# input: a float32 [2,3,4] normal
# input: b float64 [4] normal
# input: c float32 [3,1] normal
y = a - c
z = torch.sub(a, b, alpha=2)
w = a.transpose(1, 2) - c.t()
v = a[:, ::2, 1:] - 0.25

# case: sub_int
# input: i int64 [4] randint -9 9
# input: j int64 [2,4] randint -9 9
y = i - j
z = i - 3
w = torch.sub(j, i, alpha=2)

# case: sub_bool_error
# input: m bool [3] bernoulli 0.5
# error: Subtraction, the `-` operator, with two bool tensors is not supported
y = m - m

# case: rsub_scalar_and_tensor
# input: a float32 [3,4] normal
# input: b float64 [4] normal
y = 2 - a
z = torch.rsub(a, b)
w = torch.rsub(a, 1.5, alpha=2)

# case: mul_broadcast_noncontig
# input: a float32 [4,5] normal
# input: b float32 [5,4] normal
# input: c float32 [1,5] normal
y = a * b.t()
z = a[::2] * c.expand(2, 5)
w = a * 3
v = torch.mul(a, c)

# case: mul_dtypes
# input: i int64 [3] randint -5 5
# input: m bool [3] bernoulli 0.5
# input: d float64 [2,3] normal
y = i * m
z = m * m
w = m * 2.5
v = i * d
u = d.mul(2)

# case: mul_zero_size
# input: a float64 [2,0] normal
# input: b float64 [1,0] normal
y = a * b

# case: div_true_division
# input: a float32 [3,4] normal
# input: b float32 [4] uniform 0.5 2
# input: c float64 [3,1] uniform -2 -0.5
y = a / b
z = a.t() / c.t()
w = a / 4
v = torch.div(a, c)

# case: div_int_gives_float
# input: i int64 [2,3] randint -9 9
# input: j int64 [3] randint 1 5
y = i / j
z = i / 2
w = torch.div(i, j, rounding_mode='floor')
v = torch.div(i, j, rounding_mode='trunc')
u = torch.div(i, -2, rounding_mode='floor')

# case: div_rounding_float
# input: a float64 [5] normal
# input: b float64 [5] uniform 0.3 1.5
y = torch.div(a, b, rounding_mode='floor')
z = torch.div(a, b, rounding_mode='trunc')
w = torch.div(a, -0.7, rounding_mode='floor')

# case: div_bad_rounding_mode
# input: a float32 [3] normal
# error: rounding_mode
y = torch.div(a, 2, rounding_mode='round')

# case: pow_tensor_scalar
# input: a float32 [3,4] uniform 0.5 2
# input: b float64 [4] uniform -1 2
y = a ** 2
z = a ** 0.5
w = a ** b
v = torch.pow(a, -1)
u = a.t() ** 3
t = torch.pow(2.5, a)

# case: pow_int
# input: i int64 [5] randint -3 4
# input: e int64 [5] randint 0 4
y = i ** 2
z = i ** e
w = torch.pow(i, 2.0)
v = torch.pow(2, e)

# case: pow_int_negative_exponent
# input: i int64 [3] randint 1 4
# error: Integers to negative integer powers are not allowed
y = i ** -1

# case: neg_abs
# input: a float32 [3,4] normal
# input: i int64 [4] randint -5 5
# input: d float64 [2,2] normal
y = -a
z = torch.neg(a.t())
w = torch.abs(a[::2])
v = -i
u = torch.abs(i)
t = d.abs()

# case: neg_bool_error
# input: m bool [3] bernoulli 0.5
# error: Negation, the `-` operator, on a bool tensor is not supported
y = -m

# case: abs_bool_error
# input: m bool [3] bernoulli 0.5
# error: abs
y = torch.abs(m)

# case: unary_math_f32
# input: a float32 [3,4] normal
# input: p float32 [4,3] uniform 0.1 3
y = torch.exp(a)
z = torch.log(p)
w = torch.sqrt(p.t())
v = torch.sin(a[:, ::2])
u = torch.cos(a)
t = torch.tanh(a.t())

# case: unary_math_f64
# input: a float64 [2,3] normal
# input: p float64 [3] uniform 0.1 3
y = a.exp()
z = p.log()
w = p.sqrt()
v = a.sin()
u = a.cos()
t = a.tanh()

# case: unary_math_int_bool_give_float32
# input: i int64 [4] randint 1 5
# input: m bool [4] bernoulli 0.5
y = torch.exp(i)
z = torch.log(i)
w = torch.sqrt(m)
v = torch.sin(i)
u = torch.cos(m)
t = torch.tanh(i)
s = torch.sigmoid(m)

# case: reciprocal
# input: p float32 [4,3] uniform 0.1 3
# input: d float64 [3] uniform -3 -0.1
# input: i int64 [4] randint 1 5
y = torch.reciprocal(p)
z = d.reciprocal()
w = torch.reciprocal(i)
v = 2 / p.t()

# case: reciprocal_grad
# input: a float64 [3,4] uniform 0.2 2
# requires_grad: a
# backward: s
y = torch.reciprocal(a) + 1 / a
s = (y * y).sum()

# case: unary_math_zero_size
# input: a float32 [0,4] normal
y = torch.exp(a)
z = torch.tanh(a)
w = -a

# case: sigmoid_relu
# input: a float32 [3,4] normal
# input: d float64 [4,3] normal
# input: i int64 [5] randint -5 5
y = torch.sigmoid(a)
z = torch.sigmoid(d.t())
w = torch.relu(a[::2, 1:])
v = F.relu(d)
u = torch.relu(i)
t = a.relu()
s = a.sigmoid()

# case: relu_bool_error
# input: m bool [3] bernoulli 0.5
# error: relu
y = torch.relu(m)

# case: leaky_relu_elu
# input: a float32 [3,4] normal
# input: d float64 [4] normal
y = F.leaky_relu(a)
z = F.leaky_relu(a.t(), negative_slope=0.2)
w = F.leaky_relu(d, 0.5)
v = F.elu(a)
u = F.elu(d, alpha=0.3)
t = F.elu(a[:, ::3], 2.0)

# case: leaky_relu_int_error
# input: i int64 [3] randint -5 5
# error: leaky_relu
y = F.leaky_relu(i)

# case: gelu_silu_softplus
# input: a float32 [3,4] normal
# input: d float64 [2,5] normal
y = F.gelu(a)
z = F.gelu(a.t(), approximate='tanh')
w = F.gelu(d, approximate='none')
v = F.silu(a)
u = F.silu(d.t())
t = F.softplus(a)
s = F.softplus(d, beta=2, threshold=1)
r = F.softplus(a * 10, beta=0.5)

# case: activations_zero_size
# input: a float64 [2,0] normal
y = F.gelu(a)
z = F.silu(a)
w = F.softplus(a)
v = F.elu(a)
u = F.leaky_relu(a)

# case: gelu_bad_approximate
# input: a float32 [3] normal
# error: approximate argument must be either none or tanh
y = F.gelu(a, approximate='fast')

# case: clamp_scalars
# input: a float32 [3,4] normal
# input: d float64 [5] normal
# input: i int64 [5] randint -5 5
y = torch.clamp(a, -0.5, 0.5)
z = torch.clamp(a.t(), min=0)
w = torch.clamp(d, max=0.25)
v = a.clamp(0.5, -0.5)
u = torch.clamp(i, -2, 2)
t = torch.clamp(i, min=0.5)

# case: clamp_tensors
# input: a float32 [3,4] normal
# input: lo float32 [4] uniform -1 0
# input: hi float64 [3,1] uniform 0 1
y = torch.clamp(a, lo, hi)
z = torch.clamp(a, min=lo)
w = torch.clamp(a.t(), max=hi.t())
v = a.clamp(lo.expand(3, 4), hi)

# case: clamp_no_bounds_error
# input: a float32 [3] normal
# error: At least one of 'min' or 'max' must not be None
y = torch.clamp(a)

# case: where_broadcast_and_scalars
# input: c bool [3,1] bernoulli 0.5
# input: a float32 [4] normal
# input: b float64 [3,4] normal
# input: i int64 [4] randint -5 5
y = torch.where(c, a, b)
z = torch.where(c, a, 0.0)
w = torch.where(c, 1.0, a)
v = torch.where(a > 0, a, b.t().t())
u = torch.where(c, i, 2)
t = torch.where(c, i, 2.5)
s = torch.where(b[::2] > 0, 1, 0)

# case: where_condition_not_bool
# input: i int64 [3] randint 0 2
# input: a float32 [3] normal
# error: where expected condition to be a boolean tensor
y = torch.where(i, a, a)

# case: comparisons
# input: a float32 [3,4] normal
# input: b float32 [4] normal
# input: i int64 [4] randint -2 2
# input: d float64 [3,1] normal
y = a > b
z = a >= d
w = a < 0.5
v = torch.le(a, 0)
u = i == 0
t = i != b
s = torch.gt(a, b)
r = torch.ge(i, 0.5)
q = torch.lt(a[::2], d[::2])
p = torch.eq(i, i)
o = torch.ne(a, a.t().t())

# case: comparisons_zero_size
# input: a float32 [0,2] normal
y = a > 0
z = torch.eq(a, a)

# case: maximum_minimum
# input: a float32 [3,4] normal
# input: b float32 [4] normal
# input: i int64 [3,4] randint -5 5
# input: d float64 [4,3] normal
y = torch.maximum(a, b)
z = torch.minimum(a, b)
w = torch.maximum(i, a)
v = torch.minimum(a.t(), d)
u = torch.maximum(i, i.t().t())

# case: maximum_shape_error
# input: a float32 [3] normal
# input: b float32 [4] normal
# error: The size of tensor a (3) must match the size of tensor b (4)
y = torch.maximum(a, b)

# case: inplace_arithmetic
# input: a float32 [3,4] normal
# input: b float32 [4] normal
# input: d float64 [3,1] uniform 0.5 2
y = a.clone().add_(b)
z = a.clone().add_(b, alpha=2)
w = a.clone().sub_(d)
v = a.clone().mul_(b)
u = a.clone().div_(d)
t = a.clone().add_(1.5)
s = a.clone().sub_(2, alpha=0.5)
r = a.clone().mul_(3)
q = a.clone().div_(4)
p = a.t().clone().add_(b[:3])

# case: inplace_int
# input: i int64 [2,3] randint -5 5
y = i.clone().add_(2)
z = i.clone().mul_(i)
w = i.clone().sub_(3)

# case: inplace_no_broadcast_of_self
# input: a float32 [3] normal
# input: b float32 [2,3] normal
# error: doesn't match the broadcast shape
y = a.clone().add_(b)

# case: inplace_bad_cast
# input: i int64 [3] randint -5 5
# error: can't be cast to the desired output type
y = i.clone().mul_(1.5)

# case: fill_zero_copy
# input: a float32 [2,3] normal
# input: b float64 [3] normal
# input: i int64 [2,3] randint -5 5
# input: k float64 [] normal
y = a.clone().zero_()
z = a.clone().fill_(2.5)
w = i.clone().fill_(7)
v = a.clone().copy_(b)
u = i.clone().copy_(a)
t = a.clone().fill_(k)
s = a.clone().copy_(a.t().t())

# case: copy_bad_shape
# input: a float32 [2,3] normal
# input: b float32 [4] normal
# error: The size of tensor a (3) must match the size of tensor b (4)
y = a.clone().copy_(b)

# case: grad_arithmetic
# input: a float64 [3,4] normal
# input: b float64 [4] uniform 0.5 2
# input: c float64 [3,1] normal
# requires_grad: a,b,c
# backward: s
y = torch.add(a, b, alpha=2) - c * a / b
z = 2 - a
w = (a * 3 + 1) / 2
s = (y * y).sum() + z.sum() + w.sum()

# case: grad_pow
# input: a float64 [2,3] uniform 0.5 2
# input: e float64 [3] uniform -1 2
# requires_grad: a,e
# backward: s
y = a ** 2 + a ** e + torch.pow(2.5, e) + a ** 0.5
s = y.sum()

# case: grad_unary
# input: a float64 [3,4] uniform 0.2 2
# requires_grad: a
# backward: s
y = torch.exp(a) + torch.log(a) + torch.sqrt(a) + torch.sin(a) + torch.cos(a) + torch.tanh(a)
z = -a + torch.abs(a - 1)
s = (y * z).sum()

# case: grad_activations_f32
# input: a float32 [4,5] normal
# requires_grad: a
# backward: s
y = torch.sigmoid(a) + torch.relu(a) + F.leaky_relu(a, 0.1) + F.elu(a, alpha=0.5)
z = F.gelu(a) + F.gelu(a, approximate='tanh') + F.silu(a) + F.softplus(a, beta=2, threshold=1)
s = (y * z).sum()

# case: grad_clamp_where_max
# input: a float64 [3,4] normal
# input: lo float64 [4] uniform -1 0
# input: hi float64 [3,1] uniform 0 1
# input: b float64 [3,4] normal
# requires_grad: a,lo,hi,b
# backward: s
y = torch.clamp(a, lo, hi) + torch.clamp(a, -0.5, 0.5) + torch.clamp(a, max=hi)
z = torch.where(a > 0, a, b) + torch.where(b > 0, 1.0, a)
w = torch.maximum(a, b) * torch.minimum(a, lo)
s = (y * z).sum() + w.sum()

# case: grad_inplace
# input: a float64 [3,4] normal
# input: b float64 [4] uniform 0.5 2
# requires_grad: a,b
# backward: s
y = (a * 1).add_(b, alpha=2).mul_(b).div_(b * 2).sub_(1)
z = (a * 0).copy_(b)
s = (y * y).sum() + z.sum()
