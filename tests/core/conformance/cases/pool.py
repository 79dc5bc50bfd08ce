# Conformance cases for max_pool2d, avg_pool2d and adaptive_avg_pool2d (core/ops/pool.h).

# case: max_pool2d_basic
# input: x float32 [2,3,8,9] normal
y = F.max_pool2d(x, 2)

# case: max_pool2d_kwargs
# input: x float32 [2,3,9,10] normal
y = F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True)
z = F.max_pool2d(x, (2, 3), stride=(1, 2), padding=(1, 0), ceil_mode=False)

# case: max_pool2d_ceil_mode
# input: x float64 [1,2,7,7] normal
y = F.max_pool2d(x, 2, ceil_mode=True)
z = F.max_pool2d(x, 3, 2, 1, 1, True)

# case: max_pool2d_indices
# input: x float32 [2,2,7,9] normal
i = F.max_pool2d(x, 3, 2, 1, return_indices=True)[1]
v = F.max_pool2d(x, 3, 2, 1, return_indices=True)[0]

# case: max_pool2d_unbatched_noncontiguous
# input: x float32 [3,10,8] normal
y = F.max_pool2d(x.transpose(1, 2), 2)
z = F.max_pool2d(x[:, ::2, :], (2, 1))

# case: max_pool2d_zero_batch
# input: x float32 [0,2,4,4] normal
y = F.max_pool2d(x, 2)

# case: max_pool2d_pad_too_big
# input: x float32 [1,4,4] normal
# error: pad should be at most half of kernel size
y = F.max_pool2d(x, 3, padding=2)

# case: max_pool2d_output_too_small
# input: x float32 [1,2,2] normal
# error: Output size is too small
y = F.max_pool2d(x, 3)

# case: max_pool2d_empty_channels
# input: x float32 [2,0,4,4] normal
# error: Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input
y = F.max_pool2d(x, 2)

# case: avg_pool2d_basic
# input: x float32 [2,3,8,9] normal
y = F.avg_pool2d(x, 2)

# case: avg_pool2d_kwargs
# input: x float32 [2,3,9,10] normal
y = F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
z = F.avg_pool2d(x, (2, 3), stride=(1, 2), padding=(1, 1), count_include_pad=True)
w = F.avg_pool2d(x, 3, 1, 1, divisor_override=4)

# case: avg_pool2d_ceil_include_pad
# input: x float64 [1,2,7,7] normal
y = F.avg_pool2d(x, 3, 2, 1, True, True)
z = F.avg_pool2d(x, 2, 3, 1, True, False)

# case: avg_pool2d_unbatched_noncontiguous
# input: x float32 [3,10,8] normal
y = F.avg_pool2d(x.transpose(1, 2), 2)
z = F.avg_pool2d(x[:, ::2, :], (2, 1))

# case: avg_pool2d_zero_batch
# input: x float64 [0,2,4,4] normal
y = F.avg_pool2d(x, 2)

# case: avg_pool2d_pad_too_big
# input: x float32 [1,4,4] normal
# error: pad should be at most half of kernel size
y = F.avg_pool2d(x, 3, padding=2)

# case: avg_pool2d_zero_divisor
# input: x float32 [1,4,4] normal
# error: divisor must be not zero
y = F.avg_pool2d(x, 2, divisor_override=0)

# case: adaptive_avg_pool2d_sizes
# input: x float32 [2,3,10,7] normal
y = F.adaptive_avg_pool2d(x, (3, 4))
z = F.adaptive_avg_pool2d(x, 5)
w = F.adaptive_avg_pool2d(x, 1)
u = F.adaptive_avg_pool2d(x, (None, 3))

# case: adaptive_avg_pool2d_upsample_float64
# input: x float64 [2,4,3] normal
y = F.adaptive_avg_pool2d(x, (5, 6))

# case: adaptive_avg_pool2d_noncontiguous
# input: x float32 [2,9,3,11] normal
y = F.adaptive_avg_pool2d(x.transpose(1, 2), (4, 3))

# case: adaptive_avg_pool2d_zero_batch
# input: x float32 [0,3,4,4] normal
y = F.adaptive_avg_pool2d(x, 2)

# case: max_pool2d_backward
# input: x float64 [2,3,7,8] normal
# requires_grad: x
# backward: loss
y = F.max_pool2d(x, 3, 2, 1, ceil_mode=True)
loss = (y * y).sum()

# case: avg_pool2d_backward
# input: x float64 [2,3,7,8] normal
# requires_grad: x
# backward: loss
y = F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)
loss = (y * y).sum()

# case: adaptive_avg_pool2d_backward
# input: x float32 [2,3,7,8] normal
# requires_grad: x
# backward: loss
y = F.adaptive_avg_pool2d(x, (3, 5))
loss = (y * y).sum()

# case: adaptive_avg_pool2d_global_backward
# input: x float64 [2,3,4,5] normal
# input: u float64 [3,1,6] normal
# requires_grad: x,u
# backward: loss
y = F.adaptive_avg_pool2d(x, 1)
z = F.adaptive_avg_pool2d(u, (None, 1)) + F.adaptive_avg_pool2d(u.transpose(1, 2), (None, 1)).sum()
loss = (y * y).sum() + (z * z).sum()
