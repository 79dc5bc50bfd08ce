# Memory layout of op results, seen through what depends on it: whether .contiguous() copies
# (CloneBackward0 in the graph), whether .reshape() is a view, and whether .view() is allowed. Torch's
# element-wise ops (TensorIterator) lay their result out as their inputs are laid out; clone(),
# .to(dtype) and out-of-place index_put keep the input's layout (memory_format=torch.preserve_format).

# case: unary_keeps_transposed_layout
# input: a float64 [3,4] normal
# requires_grad: a
# backward: y
y = a.t().exp().t().view(-1).sum()

# case: unary_transposed_view_fails
# input: a float64 [3,4] normal
# error: is not compatible with input tensor's size
y = a.t().exp().view(-1)

# case: binary_transposed_operands_keep_layout
# input: a float64 [3,4] normal
# input: b float64 [3,4] normal
# requires_grad: a,b
# backward: y
y = (a.t() * b.t() + 1).contiguous().t().reshape(-1).sum()

# case: binary_first_operand_decides
# input: a float64 [3,4] normal
# input: b float64 [4,3] normal
# requires_grad: a,b
# backward: y
u = a.t() + b
v = b + a.t()
y = u.contiguous().sum() + v.contiguous().sum() + u.t().reshape(-1).sum() + v.reshape(-1).sum()

# case: broadcast_operand_follows_the_other
# input: a float64 [4,3] normal
# input: c float64 [3] normal
# requires_grad: a,c
# backward: y
y = (a.t() * c.unsqueeze(1)).t().contiguous().view(-1).sum()

# case: comparison_and_where_keep_layout
# input: a float64 [3,4] normal
# input: b float64 [4,3] normal
# requires_grad: a,b
# backward: y
m = a.t() > 0
w = torch.where(m, a.t(), b * 2)
y = w.t().contiguous().sum() + w.contiguous().sum()

# case: three_d_permuted
# input: a float64 [2,3,4] normal
# requires_grad: a
# backward: y
p = a.permute(2, 0, 1)
q = torch.sigmoid(p) * 2
y = q.permute(1, 2, 0).view(-1).sum() + q.contiguous().sum()

# case: sliced_input_gives_dense_result
# input: a float64 [6,4] normal
# requires_grad: a
# backward: y
s = a[::2].tanh()
y = s.view(-1).sum() + s.contiguous().sum()

# case: clone_keeps_layout
# input: a float64 [3,4] normal
# requires_grad: a
# backward: y
c = a.t().clone()
y = c.t().view(-1).sum() + c.contiguous().sum()

# case: to_dtype_keeps_layout
# input: a float32 [3,4] normal
# requires_grad: a
# backward: y
d = a.t().to(torch.float64)
y = d.t().view(-1).sum() + d.contiguous().sum()

# case: index_put_keeps_layout
# input: a float64 [3,4] normal
# input: k int64 [2] randint 0 4
# requires_grad: a
# backward: y
v = a.t().index_put((k,), a.t()[:1] * 3, accumulate=True)
y = v.t().reshape(-1).sum() + v.contiguous().sum()

# case: relu_and_activations_keep_layout
# input: a float64 [3,4] normal
# requires_grad: a
# backward: y
r = F.gelu(F.relu(a.t()) + F.silu(a.t()))
y = r.t().view(-1).sum() + r.contiguous().sum()

# case: like_factories_keep_layout
# input: a float64 [3,4] normal
z = torch.zeros_like(a.t()).t().view(-1)
o = torch.ones_like(a.t()).t().view(-1)
f = torch.full_like(a.t(), 2.5).t().view(-1)

# case: like_factory_transposed_view_fails
# input: a float64 [3,4] normal
# error: is not compatible with input tensor's size
z = torch.zeros_like(a.t()).view(-1)

# case: strides_of_results
# input: a float64 [2,3,4] normal
# input: b float64 [4] normal
p = a.permute(2, 0, 1)
s1 = (p * 2).stride()
s2 = (p + b.view(4, 1, 1)).stride()
s3 = torch.where(p > 0, p, 0.0).stride()
s4 = p.clone().stride()
s5 = p.to(torch.float32).stride()
s6 = (a.transpose(0, 1) + a.transpose(0, 1)).stride()
s7 = a[:, ::2].exp().stride()
s8 = torch.zeros_like(p).stride()
c1 = (p * 2).is_contiguous()
c2 = p.exp().contiguous().is_contiguous()
