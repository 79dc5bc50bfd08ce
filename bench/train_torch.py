#!/usr/bin/python3
"""torch 1.13 side of train_bench: the same two training workloads, thread count and timing rule (best of
ROUNDS rounds of REPS calls). Prints one line per case: NAME MICROSECONDS, then NAME_peak_kib KIB: how far the
process's peak resident set rose above its resident set at the start of the case (the peak is reset
first by writing 5 to /proc/self/clear_refs, so each case is measured on its own).

  mlp_epoch  4096x32 random data, Linear 32-64-32-8 with ReLU, batch 256 (16 steps), Adam, MSE
  cnn_step   batch 64x1x28x28, Conv2d(1,8,3,padding=1), ReLU, MaxPool2d(2), Flatten, Linear(1568,10),
             cross-entropy, AdamW

usage: train_torch.py THREADS ROUNDS REPS WARMUP
"""
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

from side_by_side import best_of, settings


def status_kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def reset_peak():
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def mlp_epoch_case():
    x = torch.randn(4096, 32)
    y = torch.randn(4096, 8)
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 8))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def epoch():
        for i in range(0, 4096, 256):
            opt.zero_grad()
            loss = F.mse_loss(model(x[i:i + 256]), y[i:i + 256])
            loss.backward()
            opt.step()

    return epoch


def cnn_step_case():
    x = torch.randn(64, 1, 28, 28)
    y = torch.randint(0, 10, (64,))
    model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                          nn.Linear(1568, 10))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step():
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()

    return step


def main():
    _, rounds, reps, warmup = settings()
    for name, make in (("mlp_epoch", mlp_epoch_case), ("cnn_step", cnn_step_case)):
        reset_peak()
        before = status_kib("VmRSS")
        fn = make()
        us = best_of(fn, rounds, reps, warmup)
        print(f"{name} {us:.1f}")
        print(f"{name}_peak_kib {max(0, status_kib('VmHWM') - before)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
