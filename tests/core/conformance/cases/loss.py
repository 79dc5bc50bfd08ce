# Losses of torch.nn.functional (core/ops/mse_loss.h, smooth_l1_loss.h, binary_cross_entropy.h,
# nll_loss.h, cross_entropy.h, l1_loss.h): every reduction and keyword, broadcasting, non-contiguous
# and zero-size inputs, both float dtypes, gradients, and torch's errors.

# case: mse_reductions
# input: a float32 [4,5] normal
# input: b float32 [4,5] normal
y = F.mse_loss(a, b)
s = F.mse_loss(a, b, reduction='sum')
n = F.mse_loss(a, b, reduction='none')

# case: mse_broadcast_noncontig_f64
# input: a float64 [5,4] normal
# input: b float64 [5] normal
# input: c float64 [3,10] normal
y = F.mse_loss(a.t(), b)
n = F.mse_loss(c[:, ::2], b, reduction='none')
e = F.mse_loss(b.expand(4, 5), a.t(), reduction='sum')

# case: mse_mixed_dtypes
# input: a float32 [3,4] normal
# input: b float64 [3,4] normal
y = F.mse_loss(a, b)
z = F.mse_loss(b, a, reduction='none')

# case: mse_zero_size
# input: a float32 [0,3] normal
# input: b float32 [0,3] normal
y = F.mse_loss(a, b)
s = F.mse_loss(a, b, reduction='sum')
n = F.mse_loss(a, b, reduction='none')

# case: mse_grad
# input: a float64 [3,4] normal
# input: b float64 [4] normal
# requires_grad: a,b
# backward: y
y = F.mse_loss(a, b, reduction='sum')

# case: mse_grad_mean_noncontig
# input: a float32 [4,3] normal
# input: b float32 [3,4] normal
# requires_grad: a,b
# backward: y
y = F.mse_loss(a.t(), b)

# case: mse_shape_error
# input: a float32 [4,5] normal
# input: b float32 [3,5] normal
# error: must match the size of tensor b (3) at non-singleton dimension 0
y = F.mse_loss(a, b)

# case: mse_bad_reduction
# input: a float32 [4,5] normal
# error: is not a valid value for reduction
y = F.mse_loss(a, a, reduction='average')

# case: mse_integer_inputs
# input: a int64 [4] randint 0 5
# error: mse_loss
y = F.mse_loss(a, a)

# case: smooth_l1_beta
# input: a float32 [6,5] normal
# input: b float32 [6,5] normal
y = F.smooth_l1_loss(a, b)
h = F.smooth_l1_loss(a, b, beta=0.5)
z = F.smooth_l1_loss(a, b, beta=0.0, reduction='sum')
n = F.smooth_l1_loss(a, b, reduction='none', beta=2.0)

# case: smooth_l1_noncontig_f64
# input: a float64 [5,6] normal
# input: b float64 [6] normal
# input: c float64 [0,6] normal
y = F.smooth_l1_loss(a[1::2], b, beta=0.3)
n = F.smooth_l1_loss(b.expand(3, 6), a[::2], reduction='none')
e = F.smooth_l1_loss(c, c)

# case: smooth_l1_grad
# input: a float64 [4,5] normal
# input: b float64 [4,5] normal
# requires_grad: a,b
# backward: y
y = F.smooth_l1_loss(a, b, beta=0.8)

# case: smooth_l1_grad_l1_limit
# input: a float32 [4,5] normal
# input: b float32 [5] normal
# requires_grad: a,b
# backward: y
y = F.smooth_l1_loss(a, b, beta=0.0, reduction='sum')

# case: smooth_l1_negative_beta
# input: a float32 [3] normal
# error: negative values for beta
y = F.smooth_l1_loss(a, a, beta=-1.0)

# case: huber_delta
# input: a float32 [6,5] normal
# input: b float32 [6,5] normal
y = F.huber_loss(a, b)
h = F.huber_loss(a, b, delta=0.5)
s = F.huber_loss(a, b, reduction='sum', delta=2.0)
n = F.huber_loss(a, b, reduction='none', delta=0.7)

# case: huber_noncontig_mixed_f64
# input: a float64 [5,6] normal
# input: b float32 [10] normal
# input: c float64 [0] normal
y = F.huber_loss(a.t()[::2], b[::2], delta=0.6)
n = F.huber_loss(b[:6], a[2], reduction='none')
e = F.huber_loss(c, c, reduction='sum')

# case: huber_grad
# input: a float64 [4,5] normal
# input: b float64 [4,5] normal
# requires_grad: a,b
# backward: y
y = F.huber_loss(a, b, delta=0.9)

# case: huber_grad_sum_f32
# input: a float32 [3,5] normal
# input: b float32 [3,1] normal
# requires_grad: a,b
# backward: y
y = F.huber_loss(a, b, reduction='sum', delta=1.3)

# case: huber_bad_delta
# input: a float32 [3] normal
# error: non-positive values for delta
y = F.huber_loss(a, a, delta=0.0)

# case: bce_reductions_weight
# input: p float32 [4,5] uniform 0.02 0.98
# input: t float32 [4,5] uniform 0 1
# input: w float32 [5] uniform 0.5 2
y = F.binary_cross_entropy(p, t)
s = F.binary_cross_entropy(p, t, reduction='sum')
n = F.binary_cross_entropy(p, t, weight=w, reduction='none')
m = F.binary_cross_entropy(p, t, w)

# case: bce_noncontig_f64
# input: p float64 [5,4] uniform 0.02 0.98
# input: t float64 [4,5] bernoulli 0.5
# input: w float64 [4,1] uniform 0.5 2
# input: e float64 [0,4] uniform 0.1 0.9
y = F.binary_cross_entropy(p.t(), t.double(), weight=w)
n = F.binary_cross_entropy(p[::2], t.t()[::2].double(), reduction='none')
z = F.binary_cross_entropy(e, e)

# case: bce_grad
# input: p float64 [3,4] uniform 0.05 0.95
# input: t float64 [3,4] uniform 0 1
# input: w float64 [4] uniform 0.5 2
# requires_grad: p,t
# backward: y
y = F.binary_cross_entropy(p, t, weight=w)

# case: bce_grad_sum_f32
# input: p float32 [6] uniform 0.05 0.95
# input: t float32 [6] uniform 0 1
# requires_grad: p
# backward: y
y = F.binary_cross_entropy(p, t, reduction='sum')

# case: bce_input_out_of_range
# input: a float32 [4] normal
# input: t float32 [4] uniform 0 1
# error: between 0 and 1
y = F.binary_cross_entropy(a, t)

# case: bce_target_size
# input: p float32 [4,5] uniform 0.1 0.9
# input: t float32 [4,1] uniform 0 1
# error: size
y = F.binary_cross_entropy(p, t)

# case: bce_dtype_mismatch
# input: p float32 [4] uniform 0.1 0.9
# input: t float64 [4] uniform 0 1
# error: binary_cross_entropy
y = F.binary_cross_entropy(p, t)

# case: bce_logits_keywords
# input: x float32 [4,5] normal
# input: t float32 [4,5] uniform 0 1
# input: w float32 [4,1] uniform 0.5 2
# input: pw float32 [5] uniform 0.5 3
y = F.binary_cross_entropy_with_logits(x, t)
s = F.binary_cross_entropy_with_logits(x, t, reduction='sum', pos_weight=pw)
n = F.binary_cross_entropy_with_logits(x, t, w, reduction='none')
m = F.binary_cross_entropy_with_logits(x, t, weight=w, pos_weight=pw)

# case: bce_logits_large_noncontig_f64
# input: x float64 [5,4] normal
# input: t float64 [4,5] bernoulli 0.5
# input: pw float64 [5] uniform 0.5 3
# input: e float64 [0,5] normal
y = F.binary_cross_entropy_with_logits(x.t() * 300.0, t.double(), pos_weight=pw)
n = F.binary_cross_entropy_with_logits(x[::2], t.t()[::2].double(), reduction='none')
z = F.binary_cross_entropy_with_logits(e, e, pos_weight=pw)

# case: bce_logits_grad
# input: x float64 [3,4] normal
# input: t float64 [3,4] uniform 0 1
# input: w float64 [4] uniform 0.5 2
# input: pw float64 [3,1] uniform 0.5 3
# requires_grad: x,t
# backward: y
y = F.binary_cross_entropy_with_logits(x, t, weight=w, pos_weight=pw)

# case: bce_logits_grad_sum_f32
# input: x float32 [6] normal
# input: t float32 [6] uniform 0 1
# requires_grad: x,t
# backward: y
y = F.binary_cross_entropy_with_logits(x, t, reduction='sum')

# case: bce_logits_target_size
# input: x float32 [4,5] normal
# input: t float32 [4,1] uniform 0 1
# error: must be the same as input size
y = F.binary_cross_entropy_with_logits(x, t)

# case: bce_logits_pos_weight_shape
# input: x float32 [4,5] normal
# input: t float32 [4,5] uniform 0 1
# input: pw float32 [3] uniform 0.5 2
# error: binary_cross_entropy_with_logits
y = F.binary_cross_entropy_with_logits(x, t, pos_weight=pw)

# case: nll_reductions_weight_ignore
# input: x float32 [6,5] normal
# input: t int64 [6] randint 0 5
# input: w float32 [5] uniform 0.5 2
y = F.nll_loss(x, t)
s = F.nll_loss(x, t, reduction='sum')
n = F.nll_loss(x, t, reduction='none')
m = F.nll_loss(x, t, weight=w)
i = F.nll_loss(x, t, w, ignore_index=2)
k = F.nll_loss(x, t, weight=w, ignore_index=3, reduction='none')
j = F.nll_loss(x, t, weight=w, ignore_index=1, reduction='sum')

# case: nll_noncontig_f64
# input: x float64 [5,8] normal
# input: t int64 [8] randint 0 5
# input: u int64 [5,3] randint 0 4
y = F.nll_loss(x.t(), t)
z = F.nll_loss(x[:, ::2].t(), t[::2], ignore_index=0)
v = F.nll_loss(x[::2, :4], u[::2, 0], reduction="none")

# case: nll_no_batch
# input: x float32 [5] normal
# input: t int64 [] randint 0 5
# input: w float32 [5] uniform 0.5 2
y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none')
m = F.nll_loss(x, t, weight=w)

# case: nll_spatial_4d
# input: x float32 [2,4,3,5] normal
# input: t int64 [2,3,5] randint 0 4
# input: w float32 [4] uniform 0.5 2
y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none')
m = F.nll_loss(x, t, weight=w, ignore_index=1)
s = F.nll_loss(x.transpose(2, 3), t.transpose(1, 2), weight=w, reduction='sum')

# case: nll_spatial_3d_5d_f64
# input: x float64 [2,4,6] normal
# input: t int64 [2,6] randint 0 4
# input: z float64 [2,3,2,2,3] normal
# input: u int64 [2,2,2,3] randint 0 3
# input: w float64 [3] uniform 0.5 2
y = F.nll_loss(x, t)
n = F.nll_loss(x, t, reduction='none', ignore_index=2)
m = F.nll_loss(z, u, weight=w)
k = F.nll_loss(z, u, weight=w, reduction='none')

# case: nll_zero_size
# input: x float32 [0,5] normal
# input: t int64 [0] randint 0 5
# input: z float32 [2,5,0] normal
# input: u int64 [2,0] randint 0 5
y = F.nll_loss(x, t)
s = F.nll_loss(x, t, reduction='sum')
n = F.nll_loss(x, t, reduction='none')
k = F.nll_loss(z, u, reduction='none')
m = F.nll_loss(z, u)

# case: nll_grad
# input: x float64 [6,5] normal
# input: t int64 [6] randint 0 5
# input: w float64 [5] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.nll_loss(x, t, weight=w, ignore_index=2)

# case: nll_grad_spatial_f32
# input: x float32 [2,4,3,2] normal
# input: t int64 [2,3,2] randint 0 4
# requires_grad: x
# backward: y
y = F.nll_loss(x, t, reduction='sum')

# case: nll_grad_3d
# input: x float64 [3,4,5] normal
# input: t int64 [3,5] randint 0 4
# requires_grad: x
# backward: y
y = F.nll_loss(x, t, ignore_index=0)

# case: nll_target_out_of_bounds
# input: x float32 [4,5] normal
# input: t int64 [4] randint 5 9
# error: is out of bounds
y = F.nll_loss(x, t)

# case: nll_negative_target
# input: x float32 [4,5] normal
# input: t int64 [4] randint -3 0
# error: is out of bounds
y = F.nll_loss(x, t)

# case: nll_spatial_target_out_of_bounds
# input: x float32 [2,5,3] normal
# input: t int64 [2,3] randint 5 9
# error: is out of bounds
y = F.nll_loss(x, t)

# case: nll_batch_mismatch
# input: x float32 [4,5] normal
# input: t int64 [3] randint 0 5
# error: Expected input batch_size (4) to match target batch_size (3)
y = F.nll_loss(x, t)

# case: nll_spatial_target_size
# input: x float32 [2,5,3] normal
# input: t int64 [2,4] randint 0 5
# error: Expected target size [2, 3], got [2, 4]
y = F.nll_loss(x, t)

# case: nll_float_target
# input: x float32 [4,5] normal
# input: t float32 [4] uniform 0 4
# error: expected scalar type Long but found Float
y = F.nll_loss(x, t)

# case: nll_weight_size
# input: x float32 [4,5] normal
# input: t int64 [4] randint 0 5
# input: w float32 [4] uniform 0.5 2
# error: weight tensor should be defined either for all
y = F.nll_loss(x, t, weight=w)

# case: nll_multi_target
# input: x float32 [4,5] normal
# input: t int64 [4,1] randint 0 5
# error: 0D or 1D target tensor expected, multi-target not supported
y = F.nll_loss(x, t)

# case: l1_reductions_broadcast
# input: a float32 [4,5] normal
# input: b float32 [5] normal
# input: c float64 [6,5] normal
y = F.l1_loss(a, b)
s = F.l1_loss(a, b, reduction='sum')
n = F.l1_loss(c[::2], b.double(), reduction="none")
z = F.l1_loss(a.t(), a.t())

# case: l1_zero_size
# input: a float32 [0,4] normal
y = F.l1_loss(a, a)
s = F.l1_loss(a, a, reduction='sum')

# case: l1_grad
# input: a float64 [3,4] normal
# input: b float64 [3,4] normal
# requires_grad: a,b
# backward: y
y = F.l1_loss(a, b)

# case: l1_shape_error
# input: a float32 [4,5] normal
# input: b float32 [4,3] normal
# error: must match the size of tensor b
y = F.l1_loss(a, b)

# case: cross_entropy_class_indices
# input: x float32 [6,5] normal
# input: t int64 [6] randint 0 5
# input: w float32 [5] uniform 0.5 2
y = F.cross_entropy(x, t)
s = F.cross_entropy(x, t, reduction='sum')
n = F.cross_entropy(x, t, reduction='none')
m = F.cross_entropy(x, t, weight=w)
i = F.cross_entropy(x, t, w, ignore_index=2)
k = F.cross_entropy(x, t, weight=w, ignore_index=4, reduction='none')

# case: cross_entropy_label_smoothing
# input: x float32 [6,5] normal
# input: t int64 [6] randint 0 5
# input: w float32 [5] uniform 0.5 2
y = F.cross_entropy(x, t, label_smoothing=0.1)
m = F.cross_entropy(x, t, weight=w, label_smoothing=0.25)
i = F.cross_entropy(x, t, weight=w, ignore_index=1, label_smoothing=0.3)
s = F.cross_entropy(x, t, weight=w, ignore_index=3, label_smoothing=0.3, reduction='sum')
n = F.cross_entropy(x, t, ignore_index=0, label_smoothing=0.5, reduction='none')
z = F.cross_entropy(x, t, label_smoothing=1.0)
g = F.cross_entropy(x, t, label_smoothing=-0.5)

# case: cross_entropy_probabilities
# input: x float32 [4,5] normal
# input: p float32 [4,5] uniform 0 1
# input: w float32 [5] uniform 0.5 2
y = F.cross_entropy(x, p)
s = F.cross_entropy(x, p, reduction='sum')
n = F.cross_entropy(x, p, reduction='none')
m = F.cross_entropy(x, p, weight=w, label_smoothing=0.2)
k = F.cross_entropy(x, p, w, reduction='none', label_smoothing=0.1)

# case: cross_entropy_spatial_f64
# input: x float64 [2,4,3,5] normal
# input: t int64 [2,3,5] randint 0 4
# input: u float64 [2,4,6] normal
# input: v int64 [2,6] randint 0 4
# input: q float64 [2,4,6] uniform 0 1
# input: w float64 [4] uniform 0.5 2
y = F.cross_entropy(x, t)
m = F.cross_entropy(x, t, weight=w, ignore_index=1, label_smoothing=0.2)
n = F.cross_entropy(u, v, reduction='none', label_smoothing=0.1)
k = F.cross_entropy(u, v, weight=w)
p = F.cross_entropy(u, q, weight=w)
r = F.cross_entropy(u, q, reduction='none')

# case: cross_entropy_unbatched_noncontig
# input: x float32 [5] normal
# input: t int64 [] randint 0 5
# input: a float32 [5,4] normal
# input: b int64 [8] randint 0 5
y = F.cross_entropy(x, t)
z = F.cross_entropy(x, t, label_smoothing=0.2)
s = F.cross_entropy(a.t(), b[::2])
k = F.cross_entropy(a.t()[1:], b[1::2][:3], reduction='none')
e = F.cross_entropy(x[::2], a[0, :3].softmax(0))

# case: cross_entropy_zero_size
# input: x float32 [0,5] normal
# input: t int64 [0] randint 0 5
# input: p float32 [0,5] uniform 0 1
y = F.cross_entropy(x, t)
s = F.cross_entropy(x, t, reduction='sum')
z = F.cross_entropy(x, t, label_smoothing=0.1)
q = F.cross_entropy(x, p)
n = F.cross_entropy(x, p, reduction='none')

# case: cross_entropy_grad
# input: x float64 [5,4] normal
# input: t int64 [5] randint 0 4
# input: w float64 [4] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, weight=w, ignore_index=1)

# case: cross_entropy_grad_smoothing
# input: x float64 [5,4] normal
# input: t int64 [5] randint 0 4
# input: w float64 [4] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, weight=w, ignore_index=2, label_smoothing=0.3)

# case: cross_entropy_grad_smoothing_reductions
# input: x float64 [6,4] normal
# input: t int64 [6] randint 0 4
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, ignore_index=t[0].item(), label_smoothing=0.2, reduction='sum') + F.cross_entropy(x, t, label_smoothing=0.1, reduction='none').sum() * 0.5

# case: cross_entropy_grad_smoothing_weight_f32
# input: x float32 [5,3] normal
# input: t int64 [5] randint 0 3
# input: w float32 [3] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, weight=w, label_smoothing=0.15, ignore_index=t[1].item())

# case: cross_entropy_grad_smoothing_weight_none
# input: x float64 [4,5] normal
# input: t int64 [4] randint 0 5
# input: w float64 [5] uniform 0.5 2
# requires_grad: x
# backward: y
y = (F.cross_entropy(x, t, weight=w, label_smoothing=0.3, ignore_index=t[2].item(), reduction='none') ** 2).sum()

# case: cross_entropy_grad_smoothing_unbatched
# input: x float64 [5] normal
# input: t int64 [] randint 0 5
# input: w float64 [5] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, label_smoothing=0.2) + F.cross_entropy(x, t, weight=w, label_smoothing=0.4, ignore_index=t.item(), reduction='sum') + F.cross_entropy(x * 2, t, label_smoothing=0.3, ignore_index=t.item(), reduction='none')

# case: cross_entropy_grad_smoothing_unbatched_weight_mean
# input: x float32 [4] normal
# input: t int64 [] randint 0 4
# input: w float32 [4] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, weight=w, label_smoothing=0.25)

# case: cross_entropy_grad_smoothing_3d
# input: x float64 [2,3,4] normal
# input: t int64 [2,4] randint 0 3
# input: w float64 [3] uniform 0.5 2
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, weight=w, ignore_index=1, label_smoothing=0.1) + F.cross_entropy(x.transpose(1, 2).transpose(1, 2), t, label_smoothing=0.5, reduction='none').mean()

# case: cross_entropy_grad_smoothing_all_ignored
# input: x float64 [3,4] normal
# requires_grad: x
# backward: y
y = F.cross_entropy(x, torch.tensor([2, 2, 2]), ignore_index=2, label_smoothing=0.2)

# case: cross_entropy_grad_probabilities_f32
# input: x float32 [3,2,4] normal
# input: p float32 [3,2,4] uniform 0 1
# requires_grad: x,p
# backward: y
y = F.cross_entropy(x, p, reduction='sum', label_smoothing=0.1)

# case: cross_entropy_grad_spatial
# input: x float64 [2,3,2,2] normal
# input: t int64 [2,2,2] randint 0 3
# requires_grad: x
# backward: y
y = F.cross_entropy(x, t, label_smoothing=0.2)

# case: cross_entropy_target_out_of_bounds
# input: x float32 [4,5] normal
# input: t int64 [4] randint 5 9
# error: is out of bounds
y = F.cross_entropy(x, t)

# case: cross_entropy_batch_mismatch
# input: x float32 [4,5] normal
# input: t int64 [3] randint 0 5
# error: Expected input batch_size (4) to match target batch_size (3)
y = F.cross_entropy(x, t)

# case: cross_entropy_probability_target_shape
# input: x float32 [4,5] normal
# input: p float32 [4,4] uniform 0 1
# error: 0D or 1D target tensor expected
y = F.cross_entropy(x, p)

# case: cross_entropy_integer_probabilities
# input: x float32 [4,5] normal
# input: p int64 [4,5] randint 0 2
# error: Expected floating point type for target with class probabilities
y = F.cross_entropy(x, p)

# case: cross_entropy_ignore_index_with_probabilities
# input: x float32 [4,5] normal
# input: p float32 [4,5] uniform 0 1
# error: ignore_index is not supported for floating point target
y = F.cross_entropy(x, p, ignore_index=1)

# case: cross_entropy_smoothing_above_one
# input: x float32 [4,5] normal
# input: t int64 [4] randint 0 5
# error: label_smoothing must be between 0.0 and 1.0
y = F.cross_entropy(x, t, label_smoothing=1.5)

# case: cross_entropy_weight_size
# input: x float32 [4,5] normal
# input: t int64 [4] randint 0 5
# input: w float32 [3] uniform 0.5 2
# error: weight tensor should be defined either for all
y = F.cross_entropy(x, t, weight=w)

# case: cross_entropy_grad_probabilities_mean
# input: x float64 [4,3] normal
# input: p float64 [4,3] uniform 0 1
# input: w float64 [3] uniform 0.5 2
# requires_grad: x,p
# backward: y
y = F.cross_entropy(x, p) + F.cross_entropy(x.t().t(), p, weight=w, label_smoothing=0.2)
