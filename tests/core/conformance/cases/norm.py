# Softmax and normalisation (core/ops/softmax.h, layer_norm.h, batch_norm.h, dropout.h): dims, keyword
# arguments, NCHW layouts, non-contiguous and zero-size inputs, both float dtypes, running statistics
# updated in place by batch_norm in training mode, errors.

# case: softmax_dims_f32
# input: a float32 [3,4,5] normal
y = a.softmax(-1)
z = torch.softmax(a, 1)
w = F.softmax(a, dim=0)
v = F.log_softmax(a, dim=-1)
u = a.log_softmax(1)
t = torch.log_softmax(a, 0)

# case: softmax_nchw_f64
# input: x float64 [2,6,5,5] normal
y = F.softmax(x, dim=1)
z = F.log_softmax(x, dim=1)
w = F.softmax(x, dim=-2)

# case: softmax_noncontig_and_large_logits
# input: a float32 [4,6] uniform -80 80
# input: b float64 [1,5] normal
y = a.t().softmax(1)
z = F.log_softmax(a[::2, 1::2], dim=0)
w = b.expand(3, 5).softmax(-1)
v = F.log_softmax(a.t(), dim=-1)

# case: softmax_dtype_and_empty
# input: a float32 [2,3] normal
# input: e float64 [0,4] normal
# input: s float32 [] normal
y = F.softmax(a, dim=1, dtype=torch.float64)
z = F.log_softmax(a, 1, dtype=torch.float64)
w = F.softmax(e, dim=1)
v = F.log_softmax(e, dim=0)
u = s.softmax(0)

# case: softmax_int_fails
# input: i int64 [2,3] randint 0 5
# error: softmax
y = F.softmax(i, dim=1)

# case: softmax_bad_dim
# input: a float32 [2,3] normal
# error: Dimension out of range
y = F.log_softmax(a, dim=2)

# case: layer_norm_affine_f32
# input: x float32 [4,3,8] normal
# input: w float32 [8] normal
# input: b float32 [8] normal
y = F.layer_norm(x, (8,), w, b)
z = F.layer_norm(x, [8], weight=w)
v = F.layer_norm(x, (8,), bias=b, eps=1e-3)

# case: layer_norm_multi_dim_f64
# input: x float64 [2,3,4,5] uniform 2 6
# input: w float64 [4,5] normal
# input: b float64 [4,5] normal
y = F.layer_norm(x, (4, 5), w, b)
z = F.layer_norm(x, [3, 4, 5])
v = F.layer_norm(x.transpose(1, 3), (4, 3), eps=0.1)

# case: layer_norm_noncontig_and_empty
# input: x float32 [6,8] normal
# input: e float64 [0,5] normal
y = F.layer_norm(x.t(), (6,))
z = F.layer_norm(x[::2, 1::2], [4])
w = F.layer_norm(e, (5,))

# case: layer_norm_bad_shape
# input: x float32 [2,3] normal
# error: expected input with shape [*, 2]
y = F.layer_norm(x, (2,))

# case: layer_norm_bad_weight
# input: x float32 [2,3] normal
# input: w float32 [2] normal
# error: Expected weight to be of same shape as normalized_shape
y = F.layer_norm(x, (3,), w)

# case: batch_norm_train_running_stats_f32
# input: x float32 [8,3,4,4] normal
# input: rm float32 [3] normal
# input: rv float32 [3] uniform 0.5 2
# input: w float32 [3] normal
# input: b float32 [3] normal
y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.3)
mean_after = rm
var_after = rv

# case: batch_norm_train_f64_no_stats
# input: x float64 [6,4] uniform 1 5
# input: w float64 [4] normal
y = F.batch_norm(x, None, None, training=True)
z = F.batch_norm(x, None, None, w, None, True, 0.1, 1e-3)
v = F.batch_norm(x.t().t(), None, None, training=True, eps=0.5)

# case: batch_norm_train_noncontig_f64
# input: x float64 [5,6,3] normal
# input: rm float64 [3] normal
# input: rv float64 [3] uniform 0.5 2
y = F.batch_norm(x.transpose(1, 2), rm, rv, training=True)
m = rm
v = rv

# case: batch_norm_eval
# input: x float32 [4,3,5] normal
# input: rm float32 [3] normal
# input: rv float32 [3] uniform 0.5 2
# input: w float32 [3] normal
# input: b float32 [3] normal
y = F.batch_norm(x, rm, rv, w, b)
z = F.batch_norm(x[::2], rm, rv, bias=b, eps=0.01)
m = rm
v = rv

# case: batch_norm_empty
# input: x float64 [0,3] normal
# input: rm float64 [3] normal
# input: rv float64 [3] uniform 0.5 2
y = F.batch_norm(x, rm, rv, training=True)
m = rm

# case: batch_norm_eval_needs_running_stats
# input: x float32 [4,3] normal
# error: running_mean must be defined in evaluation mode
y = F.batch_norm(x, None, None)

# case: batch_norm_one_value_per_channel
# input: x float32 [1,3] normal
# error: Expected more than 1 value per channel when training
y = F.batch_norm(x, None, None, training=True)

# case: batch_norm_bad_running_mean
# input: x float32 [4,3] normal
# input: rm float32 [2] normal
# input: rv float32 [3] uniform 0.5 2
# error: running_mean should contain 3 elements not 2
y = F.batch_norm(x, rm, rv)

# case: dropout_deterministic_cases
# input: a float32 [3,4] normal
# input: b float64 [2,5] normal
# input: e float64 [0,2] normal
y = F.dropout(a, 0.0)
z = F.dropout(a, 0.5, training=False)
w = F.dropout(a, p=1.0)
v = F.dropout(e, 0.5)
u = F.dropout(b.t(), p=0.3, training=False)
t = F.dropout(b[:, ::2], 1.0, True)

# case: dropout_bad_p
# input: a float32 [3,4] normal
# error: dropout probability has to be between 0 and 1
y = F.dropout(a, 1.5)

# Gradients (compared with torch's, and the graph along grad_fn.next_functions): every softmax and
# normalisation op with broadcast and non-contiguous inputs, affine parameters present and absent.

# case: grad_softmax_log_softmax
# input: a float64 [3,4,5] normal
# input: b float64 [5] normal
# input: r float64 [3,4,5] normal
# requires_grad: a,b
# backward: s
y = (a + b).softmax(-1)
z = F.log_softmax(a.transpose(0, 2), dim=1)
w = torch.softmax(a[::2, 1:], 0)
v = a.log_softmax(1)
s = (y * r).sum() + (z * z).sum() + (w * w).sum() + (v * r).sum()

# case: grad_softmax_f32_nchw
# input: x float32 [2,3,4,4] normal
# input: r float32 [2,3,4,4] normal
# requires_grad: x
# backward: s
s = (F.softmax(x, dim=1) * r).sum() + (F.log_softmax(x, dim=-2) * r).sum()

# case: grad_layer_norm
# input: x float64 [4,3,6] normal
# input: w float64 [6] normal
# input: b float64 [6] normal
# input: r float64 [4,3,6] normal
# requires_grad: x,w,b
# backward: s
y = F.layer_norm(x, (6,), w, b)
z = F.layer_norm(x.transpose(0, 1), [4, 6], eps=1e-3)
v = F.layer_norm(x[::2], (6,), weight=w)
u = F.layer_norm(x, (6,), bias=b)
s = (y * r).sum() + (z * z).sum() + (v * v).sum() + (u * r).sum()

# case: grad_layer_norm_noncontig_params_f32
# input: x float32 [5,4] normal
# input: p float32 [2,4] normal
# requires_grad: x,p
# backward: s
y = F.layer_norm(x.t(), (5,))
s = (y * y * y).sum() + (F.layer_norm(x, (4,), p[0], p[1]) ** 2).sum() + (F.layer_norm(x, (4,), p.t()[:, 1]) ** 2).sum()

# case: grad_batch_norm_train
# input: x float64 [6,3,2] normal
# input: w float64 [3] normal
# input: b float64 [3] normal
# input: rm float64 [3] normal
# input: rv float64 [3] uniform 0.5 2
# input: r float64 [6,3,2] normal
# requires_grad: x,w,b
# backward: s
y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.2)
z = F.batch_norm(x.transpose(0, 2), None, None, training=True)
v = F.batch_norm(x[::2], None, None, weight=w, training=True, eps=0.1)
s = (y * r).sum() + (z * z * z).sum() + (v * v).sum()

# case: grad_batch_norm_eval
# input: x float64 [4,3] normal
# input: w float64 [3] normal
# input: b float64 [3] normal
# input: rm float64 [3] normal
# input: rv float64 [3] uniform 0.5 2
# requires_grad: x,w,b
# backward: s
y = F.batch_norm(x, rm, rv, w, b)
z = F.batch_norm(x.t().t()[::2], rm, rv, bias=b, eps=0.01)
s = (y * y).sum() + (z * z * z).sum()

# case: grad_dropout_deterministic
# input: a float64 [3,4] normal
# requires_grad: a
# backward: s
y = F.dropout(a, 0.0)
z = F.dropout(a.t(), 0.5, training=False)
w = F.dropout(a, p=1.0)
s = (y * y).sum() + (z * z * z).sum() + w.sum()
