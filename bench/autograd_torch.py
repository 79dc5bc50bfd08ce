"""Eager autograd overhead in torch: the same chain as autograd_bench.cpp.

A chain of 2*N small ops (x = x * a + b on 32x32 float32 tensors that require grad), then
x.sum().backward(), timed by the thread's CPU clock. Prints one line: "torch us_per_op=<forward+backward time per op> checksum=<sum of a.grad>".
"""
import sys
import time

import torch

def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    torch.set_num_threads(threads)
    # The same values as autograd_bench.cpp, so the checksums must agree.
    i = torch.arange(32 * 32).reshape(32, 32)
    x0 = (i % 7).float() * 0.01
    a = ((i % 5).float() * 0.01 + 0.95).requires_grad_()
    b = ((i % 3).float() * 0.001).requires_grad_()

    def step():
        x = x0
        for _ in range(iters):
            x = x * a + b
        x.sum().backward()

    for _ in range(10):
        step()
    best = float("inf")
    for _ in range(5):
        a.grad = None
        b.grad = None
        t0 = time.thread_time()
        for _ in range(reps):
            step()
        best = min(best, (time.thread_time() - t0) / reps)
    a.grad = None
    b.grad = None
    step()
    print(f"torch us_per_op={best * 1e6 / (2 * iters + 1):.4f} checksum={a.grad.double().sum().item():.6f}")

if __name__ == "__main__":
    main()
