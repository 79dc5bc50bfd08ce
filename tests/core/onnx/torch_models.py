"""Exports the reference models of test_onnx_torch with torch 1.13 (run with /usr/bin/python3).

  torch_models.py OUTDIR   writes mlp.onnx, cnn.onnx, x_mlp.npy, x_cnn.npy, y_mlp.npy, y_cnn.npy and
                           lstm.onnx, gru.onnx (nn.LSTM / nn.GRU, batch_first, the sequence output) with
                           their x_/y_ files, unsupported.onnx (HardSwish and Abs, which Tessera does
                           not import) and time_first.onnx (nn.LSTM with batch_first=False as the model's
                           input, which Tessera's batch-first graphs cannot take)
The CNN is exported with training=TrainingMode.PRESERVE from eval mode so the file keeps its
BatchNormalization node (checked here too).
"""
import os
import sys

import numpy as np
import onnx
import torch
from torch import nn

out = sys.argv[1]
torch.manual_seed(0)

mlp = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 8), nn.Tanh(), nn.Linear(8, 3)).eval()
cnn = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2),
                    nn.Conv2d(4, 6, 3), nn.Sigmoid(), nn.Flatten(), nn.Linear(6 * 2 * 2, 5), nn.LogSoftmax(dim=1))
with torch.no_grad():
    bn = cnn[1]
    bn.running_mean.uniform_(-0.5, 0.5)
    bn.running_var.uniform_(0.5, 2.0)
    bn.weight.uniform_(0.5, 1.5)
    bn.bias.uniform_(-0.5, 0.5)
cnn.eval()



class Sequence(nn.Module):
    """The output sequence of a recurrent layer (torch's modules return (output, state))."""

    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def forward(self, x):
        return self.rnn(x)[0]


lstm = Sequence(nn.LSTM(3, 5, num_layers=2, batch_first=True, bidirectional=True)).eval()
gru = Sequence(nn.GRU(3, 4, num_layers=2, batch_first=True)).eval()


class Unsupported(nn.Module):
    def forward(self, x):
        return torch.abs(nn.functional.hardswish(x))


for name, model, shape in (("mlp", mlp, (100, 6)), ("cnn", cnn, (100, 1, 8, 8)),
                           ("lstm", lstm, (100, 7, 3)), ("gru", gru, (100, 7, 3)), ("unsupported", Unsupported(), (4, 3)),
                           ("time_first", Sequence(nn.LSTM(3, 4)).eval(), (7, 2, 3))):
    x = torch.randn(*shape)
    path = os.path.join(out, name + ".onnx")
    torch.onnx.export(model, x[:2], path, input_names=["input"], output_names=["output"],
                      dynamic_axes={"input": {0: "N"}, "output": {0: "N"}}, opset_version=17,
                      training=torch.onnx.TrainingMode.PRESERVE)
    with torch.no_grad():
        y = model(x)
    np.save(os.path.join(out, "x_" + name + ".npy"), x.numpy())
    np.save(os.path.join(out, "y_" + name + ".npy"), y.numpy())
    ops = [n.op_type for n in onnx.load(path).graph.node]
    print(name, " ".join(ops))
    if name == "cnn" and "BatchNormalization" not in ops:
        sys.exit("cnn.onnx lost its BatchNormalization node")
