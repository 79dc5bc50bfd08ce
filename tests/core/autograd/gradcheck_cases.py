# Finite-difference gradient checks of every differentiable op (test_gradcheck_ops.cpp): each case runs
# with float64 inputs; gradcheck compares the engine's Jacobian of `out` with central differences, and
# gradgradcheck does the same for the gradient of the gradient. Same header format as the conformance
# cases; `# gradgrad: no — reason` marks an op whose backward is not itself differentiable.

# case: abs
# input: a float64 [2,3] normal
# requires_grad: a
out = a.abs()

# case: neg_exp_log_sqrt
# input: a float64 [5] uniform 0.5 2
# requires_grad: a
out = torch.sqrt(torch.log(torch.exp(-a) + 2))

# case: sin_cos_tanh_sigmoid
# input: a float64 [4] normal
# requires_grad: a
out = torch.sin(a) * torch.cos(a) + torch.tanh(a) - torch.sigmoid(a)

# case: reciprocal
# input: a float64 [4] uniform 0.5 2
# requires_grad: a
out = torch.reciprocal(a)

# case: activations
# input: a float64 [6] normal
# requires_grad: a
out = F.relu(a) + F.leaky_relu(a, 0.1) + F.elu(a) + F.gelu(a) + F.gelu(a, approximate='tanh') + F.silu(a) + F.softplus(a)

# case: arithmetic_broadcast
# input: a float64 [2,3] normal
# input: b float64 [3] uniform 0.5 2
# requires_grad: a,b
out = (a + b) * (a - b) / b + torch.add(a, b, alpha=2) - torch.sub(a, b, alpha=0.5)

# case: rsub_pow
# input: a float64 [4] uniform 0.5 2
# input: b float64 [4] uniform 0.5 2
# requires_grad: a,b
out = 2 - a ** 2 + torch.pow(a, b) + 3 ** b

# case: clamp_where_maximum_minimum
# input: a float64 [6] normal
# input: b float64 [6] normal
# requires_grad: a,b
out = torch.clamp(a, -0.5, 0.5) + torch.where(a > b, a, b) + torch.maximum(a, b) * torch.minimum(a, b)

# case: reductions
# input: a float64 [3,4] normal
# requires_grad: a
out = a.sum(1) + a.mean(1) + a.var(1) + a.std(1, correction=0) + a.amax(1) + a.amin(1) + torch.logsumexp(a, 1)

# case: max_min_prod
# input: a float64 [3,4] uniform 0.5 2
# requires_grad: a
out = a.max(1)[0] + a.min(0)[0].sum() + a.prod(1) + a.max() + a.min()

# case: softmax_log_softmax
# input: a float64 [2,4] normal
# requires_grad: a
out = a.softmax(-1) * 2 + F.log_softmax(a, 0)

# case: layer_norm
# input: x float64 [2,4] normal
# input: w float64 [4] normal
# input: b float64 [4] normal
# requires_grad: x,w,b
out = F.layer_norm(x, (4,), w, b)

# case: batch_norm_train
# input: x float64 [4,3] normal
# input: w float64 [3] normal
# input: b float64 [3] normal
# requires_grad: x,w,b
out = F.batch_norm(x, None, None, w, b, training=True)

# case: linalg
# input: a float64 [2,3] normal
# input: b float64 [3,2] normal
# input: c float64 [2,2,3] normal
# input: bias float64 [2] normal
# requires_grad: a,b,c,bias
out = (a @ b).sum() + torch.mm(a, b).sum() + torch.bmm(c, c.transpose(1, 2)).sum() + F.linear(a, b.t(), bias).sum() + torch.matmul(c, b).sum()

# case: conv2d
# input: x float64 [1,2,4,4] normal
# input: w float64 [2,1,3,3] normal
# input: b float64 [2] normal
# requires_grad: x,w,b
out = F.conv2d(x, w, b, padding=1, groups=2)

# case: conv1d
# input: x float64 [1,2,5] normal
# input: w float64 [2,2,2] normal
# requires_grad: x,w
out = F.conv1d(x, w, stride=2)

# case: pools
# input: x float64 [1,1,4,4] normal
# requires_grad: x
out = F.max_pool2d(x, 2).sum() + F.avg_pool2d(x, 2, padding=1).sum() + F.adaptive_avg_pool2d(x, 3).sum()

# case: join
# input: a float64 [2,2] normal
# input: b float64 [2,2] normal
# requires_grad: a,b
out = torch.cat([a, b], 1) * 2

# case: stack_split_chunk
# input: a float64 [2,4] normal
# input: b float64 [2,4] normal
# requires_grad: a,b
out = torch.stack([a, b], 0)[1] * torch.split(a, 2, 1)[1].sum() + torch.chunk(b, 2, 1)[0].sum()

# case: indexing
# input: w float64 [5,3] normal
# input: i int64 [4] randint 0 5
# input: j int64 [5,2] randint 0 3
# requires_grad: w
out = F.embedding(i, w).sum() + torch.index_select(w, 0, i).sum() * 2 + torch.gather(w, 1, j).sum() * 3

# case: losses_regression
# input: a float64 [6] normal
# input: t float64 [6] normal
# requires_grad: a,t
out = F.mse_loss(a, t) + F.l1_loss(a, t) + F.smooth_l1_loss(a, t, beta=0.5) + F.huber_loss(a, t, delta=0.7)

# case: losses_classification
# input: x float64 [3,4] normal
# input: k int64 [3] randint 0 4
# requires_grad: x
out = F.cross_entropy(x, k, label_smoothing=0.1) + F.nll_loss(F.log_softmax(x, 1), k)

# case: losses_binary
# input: p float64 [4] uniform 0.1 0.9
# input: z float64 [4] normal
# input: t float64 [4] uniform 0 1
# requires_grad: p,z
out = F.binary_cross_entropy(p, t) + F.binary_cross_entropy_with_logits(z, t)

# case: views
# input: a float64 [2,3,2] normal
# requires_grad: a
out = a.view(6, 2).t().reshape(3, 4).permute(1, 0).transpose(0, 1).unsqueeze(0).squeeze(0)[1:, ::2].flatten().narrow(0, 1, 3).contiguous().clone().expand(2, 3).select(0, 1)

# case: alias_full_index
# input: a float64 [2,3] normal
# requires_grad: a
out = a[...] * a[0:2, ...] + a[0:2, 0:3]

# case: dropout_deterministic
# input: a float64 [3,4] normal
# requires_grad: a
out = F.dropout(a, 1.0) + F.dropout(a, 0.5, training=False) * 2

# case: masked_select
# input: a float64 [3,4] normal
# input: b float64 [4] normal
# input: s float64 [3,4] normal
# requires_grad: a,b
out = torch.cat([a.masked_select(s > 0) * a.masked_select(s > 0), b.masked_select(s < 0), a.t().masked_select(s.t() > 0.5)])

# case: index_put
# input: a float64 [4,3] normal
# input: v float64 [2,3] normal
# input: c float64 [] normal
# input: s float64 [4,3] normal
# requires_grad: a,v,c
out = a.index_put((torch.tensor([3, -2]),), v) * a + a.index_put((s > 0,), c * c) + a.index_put((torch.tensor([0, 0]), torch.tensor([2, 2])), v[0, :2], accumulate=True)

# case: index_put_inplace
# input: a float64 [4,3] normal
# input: v float64 [3] normal
# input: s float64 [4] normal
# requires_grad: a,v
h = a * 1.5
h.index_put_((torch.tensor([2, 0]),), v * v, accumulate=True)
h.index_put_((s > 0,), v)
out = h * a

# case: cross_entropy_label_smoothing
# input: x float64 [4,3] normal
# input: u float64 [3] normal
# input: k int64 [4] randint 0 3
# input: w float64 [3] uniform 0.5 2
# requires_grad: x,u
out = F.cross_entropy(x, k, weight=w, ignore_index=1, label_smoothing=0.2) + F.cross_entropy(x, k, ignore_index=0, label_smoothing=0.3, reduction='none') + F.cross_entropy(u, torch.tensor(2), label_smoothing=0.1) + F.cross_entropy(u, torch.tensor(1), weight=w, ignore_index=1, label_smoothing=0.4, reduction='sum')
