#include "core/export/torch_scripts.h"

#include <sstream>

#include "core/export/python_text.h"

namespace tessera::exporter::detail {

const char* const kSafetensorsLiteScript =
    R"PY("""A short reader and writer of the safetensors format (https://github.com/huggingface/safetensors),
for machines without the safetensors package (Debian 12 has none). model.load_weights uses the
package when it is installed and this module otherwise.
"""
import json
import struct

import numpy as np
import torch

_DTYPES = {"F64": np.float64, "F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32,
           "I16": np.int16, "I8": np.int8, "U8": np.uint8, "BOOL": np.bool_}
_NAMES = {np.dtype(v): k for k, v in _DTYPES.items()}


def load_file(path):
    """Returns {name: torch.Tensor} of a .safetensors file."""
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    body = memoryview(data)[8 + length:]
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        array = np.frombuffer(body[begin:end], dtype=_DTYPES[info["dtype"]]).reshape(info["shape"])
        tensors[name] = torch.from_numpy(array.copy())
    return tensors


def save_file(tensors, path, metadata=None):
    """Writes {name: torch.Tensor} as .safetensors (the layout Tessera reads)."""
    header, chunks, offset = {}, [], 0
    if metadata:
        header["__metadata__"] = metadata
    for name in sorted(tensors):
        array = tensors[name].detach().cpu().contiguous().numpy()
        raw = array.tobytes()
        header[name] = {"dtype": _NAMES[array.dtype], "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for raw in chunks:
            f.write(raw)
)PY";

std::string torchDataScript(const io::Project& project, const data::Split& split) {
    std::ostringstream py;
    py << "\"\"\"The rows Tessera used for " << project.name
       << ": its train, validation and test splits as .npy files in data/.\n\n"
          "Tessera's built-in data sets and generators are its own; shipping the rows keeps the exported\n"
          "training on exactly the data and split the workbench used (data."
       << (project.datasetName().empty() ? "csv" : project.datasetName()) << ", " << split.train.size() << " / "
       << split.val.size() << " / " << split.test.size() << " rows).\n\"\"\"\n"
       << "from pathlib import Path\n\nimport numpy as np\nimport torch\nfrom torch.utils.data import TensorDataset\n\n"
       << "DATA = Path(__file__).resolve().parent / \"data\"\n";
    if (!split.train.classNames.empty()) {
        py << "CLASS_NAMES = [";
        for (std::size_t i = 0; i < split.train.classNames.size(); ++i)
            py << (i ? ", " : "") << pyString(split.train.classNames[i]);
        py << "]\n";
    }
    py << "\n\ndef load_split(name):\n"
          "    \"\"\"The rows of split `name` (\"train\", \"val\" or \"test\") as a TensorDataset of\n"
          "    (features float32 [N, F], targets: int64 class indices [N] or float32 values [N, k]).\"\"\"\n"
          "    features = torch.from_numpy(np.load(DATA / f\"{name}_x.npy\"))\n"
          "    targets = torch.from_numpy(np.load(DATA / f\"{name}_y.npy\"))\n"
          "    return TensorDataset(features, targets)\n";
    return py.str();
}

std::string torchTrainScript(const io::Project& project, const train::TrainingConfig& cfg, const ModelCode& model,
                             bool classification) {
    const std::string lossCtor = "nn." + model.lossType + "(" + [&] {
        std::string out;
        for (const auto& [k, v] : model.lossParams.asObject()) {
            std::string value = pyLiteral(v);
            if (k == "pos_weight" && !v.isNull()) value = "torch.tensor([" + value + "])";
            out += (out.empty() ? "" : ", ") + k + "=" + value;
        }
        return out;
    }() + ")";

    std::ostringstream py;
    py << "\"\"\"Trains the " << project.name
       << " network as Tessera's trainer does, on one process or many (torchrun).\n\n"
          "    python3 train.py                              # one process, from initial_weights.safetensors\n"
          "    python3 train.py --weights weights.safetensors  # continue from Tessera's trained weights\n"
          "    torchrun --nproc_per_node=4 train.py           # DistributedDataParallel (gloo on CPU, nccl on GPU)\n\n"
          "Every process reads batches of BATCH_SIZE / world size rows, so one step sees the same global\n"
          "batch as a single process. metrics.csv has the columns `tessera-cli train` writes.\n\"\"\"\n"
          "import argparse\nimport os\nimport time\nfrom pathlib import Path\n\n"
          "import torch\nimport torch.distributed as dist\nfrom torch import nn\n"
          "from torch.nn.parallel import DistributedDataParallel\n"
          "from torch.utils.data import DataLoader, DistributedSampler\n\n"
          "import safetensors_lite\nfrom data import load_split\nfrom model import Model, load_weights\n\n"
          "HERE = Path(__file__).resolve().parent\n";
    py << "EPOCHS = " << cfg.epochs << "\nBATCH_SIZE = " << cfg.batchSize << "\nSEED = " << cfg.seed
       << "\nSHUFFLE = " << (cfg.shuffle ? "True" : "False") << "\nDROP_LAST = " << (cfg.dropLast ? "True" : "False")
       << "\nCLIP_GRAD_NORM = " << (cfg.clipGradNorm > 0 ? pyNumber(cfg.clipGradNorm) : "None") << "\n";
    py << "OPTIMIZER = " << pyString(cfg.optimizer.type) << "\nOPTIMIZER_OPTIONS = " << pyLiteral(cfg.optimizer.options)
       << "\n";
    if (cfg.scheduler) {
        py << "SCHEDULER = " << pyString(cfg.scheduler->type)
           << "\nSCHEDULER_OPTIONS = " << pyLiteral(cfg.scheduler->options) << "\nSCHEDULER_PER_STEP = "
           << (cfg.scheduler->interval == train::SchedulerConfig::Interval::Step ? "True" : "False") << "\n";
    } else {
        py << "SCHEDULER = None\nSCHEDULER_OPTIONS = {}\nSCHEDULER_PER_STEP = False\n";
    }
    if (cfg.earlyStopping) {
        const auto& e = *cfg.earlyStopping;
        py << "EARLY_STOPPING = {\"monitor\": " << pyString(e.monitor) << ", \"patience\": " << e.patience
           << ", \"min_delta\": " << pyNumber(e.minDelta)
           << ", \"restore_best\": " << (e.restoreBest ? "True" : "False") << "}\n";
    } else {
        py << "EARLY_STOPPING = None\n";
    }
    py << "CLASSIFICATION = " << (classification ? "True" : "False") << "\n\n\n";
    py << "def loss_function():\n    return " << lossCtor << "\n\n\n"
       << "def target(y):\n    return " << model.targetTransform << "\n\n\n";
    py << "def predict_and_loss(model, criterion, x, y):\n";
    if (model.lossReadsOutput)
        py << "    prediction = model(x)\n    return prediction, criterion(prediction, target(y))\n\n\n";
    else
        py << "    prediction, loss_input = model(x, with_loss_input=True)\n"
              "    return prediction, criterion(loss_input, target(y))\n\n\n";
    py << R"PY(def correct(prediction, y):
    """Correct predictions as Tessera counts them: argmax of [N, C] scores, logit > 0 for one score."""
    if prediction.dim() == 2 and prediction.size(1) > 1:
        return (prediction.argmax(1) == y.reshape(-1).long()).sum().item()
    return ((prediction.reshape(-1) > 0).long() == y.reshape(-1).long()).sum().item()


def number(v):
    """Numbers as Tessera writes them in metrics.csv (shortest round-trip form)."""
    if v is None:
        return ""
    text = repr(float(v))
    return text[:-2] if text.endswith(".0") else text


class Totals:
    """Loss and accuracy over an epoch, weighted by rows and summed over the processes."""

    def __init__(self):
        self.loss, self.correct, self.rows = 0.0, 0, 0

    def add(self, prediction, loss, y):
        rows = y.size(0)
        self.loss += loss.item() * rows
        self.rows += rows
        if CLASSIFICATION:
            self.correct += correct(prediction, y)

    def result(self, distributed):
        values = torch.tensor([self.loss, float(self.correct), float(self.rows)], dtype=torch.float64)
        if distributed:
            dist.all_reduce(values)
        loss, right, rows = values.tolist()
        if rows == 0:
            return None, None
        return loss / rows, (right / rows if CLASSIFICATION else None)


def evaluate(model, criterion, dataset, device):
    """Loss and accuracy of a whole split in eval mode (every process computes the same numbers)."""
    if len(dataset) == 0:
        return None, None
    was_training = model.training
    model.eval()
    totals = Totals()
    with torch.no_grad():
        for x, y in DataLoader(dataset, batch_size=BATCH_SIZE):
            x, y = x.to(device), y.to(device)
            prediction, loss = predict_and_loss(model, criterion, x, y)
            totals.add(prediction, loss, y)
    model.train(was_training)
    return totals.result(distributed=False)


def make_scheduler(optimizer, steps_per_epoch):
    if SCHEDULER is None:
        return None
    options = dict(SCHEDULER_OPTIONS)
    if SCHEDULER == "OneCycleLR" and "total_steps" not in options and "epochs" not in options:
        options["epochs"] = EPOCHS
        options["steps_per_epoch"] = steps_per_epoch if SCHEDULER_PER_STEP else 1
    return getattr(torch.optim.lr_scheduler, SCHEDULER)(optimizer, **options)


def improved(value, best, monitor, min_delta):
    sign = 1.0 if monitor.endswith("_acc") or monitor.endswith("_r2") else -1.0
    return value is not None and (best is None or sign * value > best + min_delta), sign


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", default=str(HERE / "initial_weights.safetensors"),
                        help="weights to start from (default: Tessera's initial weights)")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--out", default=".", help="folder for metrics.csv and weights.safetensors")
    parser.add_argument("--steps-csv", default=None, help="also write the loss of every optimiser step here")
    args = parser.parse_args()

    world = int(os.environ.get("WORLD_SIZE", "1"))
    distributed = world > 1
    cuda = torch.cuda.is_available()
    if distributed:
        dist.init_process_group("nccl" if cuda else "gloo")
    rank = dist.get_rank() if distributed else 0
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    device = torch.device(f"cuda:{local_rank}" if cuda else "cpu")
    if BATCH_SIZE % world != 0:
        raise SystemExit(f"train.py: BATCH_SIZE {BATCH_SIZE} does not split evenly over {world} processes")
    torch.manual_seed(SEED)

    model = load_weights(Model(), args.weights).to(device)
    trained = DistributedDataParallel(model, device_ids=[local_rank] if cuda else None) if distributed else model
    criterion = loss_function().to(device)
    train_set, val_set = load_split("train"), load_split("val")
    sampler = DistributedSampler(train_set, shuffle=SHUFFLE, seed=SEED, drop_last=DROP_LAST) if distributed else None
    loader = DataLoader(train_set, batch_size=BATCH_SIZE // world, sampler=sampler,
                        shuffle=SHUFFLE and sampler is None, drop_last=DROP_LAST,
                        generator=torch.Generator().manual_seed(SEED))
    optimizer = getattr(torch.optim, OPTIMIZER)(model.parameters(), **OPTIMIZER_OPTIONS)
    scheduler = make_scheduler(optimizer, len(loader))

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    metrics = open(out / "metrics.csv", "w", newline="") if rank == 0 else None
    steps = open(args.steps_csv, "w", newline="") if args.steps_csv and rank == 0 else None
    if metrics:
        metrics.write("epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms\n")
    if steps:
        steps.write("step,loss\n")

    start, step, best, best_state, bad_epochs = time.perf_counter(), 0, None, None, 0
    trained.train()
    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        totals = Totals()
        lr = optimizer.param_groups[0]["lr"]
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad(set_to_none=True)
            prediction, loss = predict_and_loss(trained, criterion, x, y)
            loss.backward()
            if CLIP_GRAD_NORM is not None:
                nn.utils.clip_grad_norm_(model.parameters(), CLIP_GRAD_NORM)
            lr = optimizer.param_groups[0]["lr"]
            optimizer.step()
            if scheduler is not None and SCHEDULER_PER_STEP:
                scheduler.step()
            step += 1
            totals.add(prediction.detach(), loss.detach(), y)
            if args.steps_csv:
                value = loss.detach().clone()
                if distributed:  # every process takes part; rank 0 writes the global batch's loss
                    dist.all_reduce(value)
                    value /= world
                if steps:
                    steps.write(f"{step},{number(value.item())}\n")
        train_loss, train_acc = totals.result(distributed)
        val_loss, val_acc = evaluate(model, criterion, val_set, device)
        if scheduler is not None and not SCHEDULER_PER_STEP:
            scheduler.step()
        elapsed_ms = (time.perf_counter() - start) * 1000.0
        if metrics:
            metrics.write(f"{epoch + 1},{step},{number(train_loss)},{number(val_loss)},{number(train_acc)},"
                          f"{number(val_acc)},{number(lr)},{elapsed_ms:.3f}\n")
            metrics.flush()
        if EARLY_STOPPING is not None:
            monitored = {"train_loss": train_loss, "train_acc": train_acc, "val_loss": val_loss,
                         "val_acc": val_acc}.get(EARLY_STOPPING["monitor"])
            better, sign = improved(monitored, best, EARLY_STOPPING["monitor"], EARLY_STOPPING["min_delta"])
            if better:
                best, bad_epochs = sign * monitored, 0
                if EARLY_STOPPING["restore_best"]:
                    best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            else:
                bad_epochs += 1
            if bad_epochs >= EARLY_STOPPING["patience"]:
                break
    if best_state is not None:
        model.load_state_dict(best_state)
    if rank == 0:
        safetensors_lite.save_file(model.state_dict(), out / "weights.safetensors", {"format": "pt"})
    for f in (metrics, steps):
        if f:
            f.close()
    if distributed:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
)PY";
    return py.str();
}

const char* const kLaunchScript = R"SH(#!/bin/sh
# Trains on N processes of this machine with DistributedDataParallel (gloo on CPU, nccl with CUDA):
#   sh launch.sh 2                 # two processes, from initial_weights.safetensors
#   sh launch.sh 4 --weights weights.safetensors --epochs 10
# On several machines, see README.md (torchrun --nnodes … --rdzv_endpoint …).
set -e
cd "$(dirname "$0")"
processes=${1:-2}
[ $# -gt 0 ] && shift
# --redirects 1 --tee 1 keeps each process's output on this terminal, prefixed with its rank; they are
# also what lets Debian 12's torchrun (torch 1.13 on Python 3.11) start at all: it cannot parse its own
# default "0" for these options.
exec torchrun --standalone --nproc_per_node="$processes" --redirects 1 --tee 1 train.py "$@"
)SH";

std::string torchReadme(const io::Project& project, bool hasTrainedWeights) {
    std::ostringstream md;
    md << "# " << project.name << " — exported from Tessera\n\n"
       << (project.description.empty() ? "" : project.description + "\n\n")
       << "Plain PyTorch modules; run them from this folder (they import each other by name).\n\n"
       << "| file | what it is |\n| --- | --- |\n"
       << "| model.py | `Model` (submodules named after the graph's nodes) and `load_weights(model, path)` |\n"
       << "| data.py, data/ | the exact train/val/test rows Tessera used, as .npy |\n"
       << "| train.py | Tessera's training settings: optimiser, schedule, epochs, batch size, clipping, early "
          "stopping, seed |\n"
       << "| launch.sh | `torchrun --nproc_per_node=N train.py` on this machine |\n"
       << "| initial_weights.safetensors | the weights Tessera draws from the training seed |\n"
       << (hasTrainedWeights ? "| weights.safetensors | Tessera's trained weights |\n" : "")
       << "| safetensors_lite.py | reads and writes .safetensors without the safetensors package |\n\n"
       << "## One machine\n\n```sh\npython3 train.py                 # one process\nsh launch.sh 2                   # "
          "two processes (DistributedDataParallel)\n```\n\n"
       << "`train.py --weights weights.safetensors` continues from Tessera's trained weights; the weights it "
          "writes (`weights.safetensors` in `--out`) open in Tessera again (`tessera-cli evaluate PROJECT "
          "--weights …`).\n\n"
       << "## Several machines\n\nOn each of M machines, with the same folder and one address reachable by "
          "all:\n\n```sh\ntorchrun --nnodes=M --nproc_per_node=N --rdzv_backend=c10d \\\n"
          "         --rdzv_endpoint=HOST:29500 --rdzv_id="
       << project.name << " train.py\n```\n\n"
       << "Every process reads BATCH_SIZE / (M·N) rows per step, so a step sees the same global batch as one "
          "process does.\n\n## Using the model\n\n```python\nimport numpy as np, torch\nfrom model import Model, "
          "load_weights\nmodel = load_weights(Model(), \"weights.safetensors\").eval()\n"
          "y = model(torch.from_numpy(np.load(\"data/test_x.npy\")))   # what `tessera-cli predict` writes\n```\n";
    return md.str();
}

}  // namespace tessera::exporter::detail
