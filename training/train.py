"""Train the bgwidget net on labelled positions and export its weights for numpy inference.

Reads the ``.npz`` that ``training/generate.py`` writes (boards and bgsage's probabilities),
encodes the boards with :func:`bgwidget.ai.encoding.encode`, fits a multilayer perceptron with
PyTorch (CPU; a training-only dependency, ``.[train]``) and writes the weights that
:mod:`bgwidget.ai.net` loads.

The net: N_INPUTS -> hidden layers (ReLU; ``--hidden``: two for the shipped net, one for the
pruning net) -> 5 sigmoids read as chained conditional chances (win; gammon given win;
backgammon given gammon; gammon given loss; backgammon given gammon loss), so the five outputs
are always consistent. Loss: squared error of the five
probabilities plus a quarter of the squared equity error. Fixed seed, fixed data order.

Held out: the files given to ``--val`` (whole games the training never sees), else 20,000 random
positions of ``--data``. Each epoch prints the held-out equity error; epoch 0 is the starting net,
so with ``--init`` (continue from existing weights of the same sizes) it is the old net's error on
the same labels. ``training/README.md`` gives the commands behind the shipped weights.

    python training/train.py --data training/data/positions.npz --out src/bgwidget/ai/data/net.npz
    python training/train.py --data training/data/deep-0{01..11}.npz --val training/data/deep-000.npz \
        --init src/bgwidget/ai/data/net.npz --epochs 5 --lr 1e-3 --batch 1024 --out new.npz
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from bgwidget.ai.encoding import N_INPUTS, UNITS, encode, encode_units


def chain(z: torch.Tensor) -> torch.Tensor:
    s = torch.sigmoid(z)
    win = s[:, 0]
    wg = win * s[:, 1]
    wbg = wg * s[:, 2]
    lg = (1 - win) * s[:, 3]
    lbg = lg * s[:, 4]
    return torch.stack([win, wg, wbg, lg, lbg], dim=1)


def equity(p: torch.Tensor) -> torch.Tensor:
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, nargs="+", default=[Path("training/data/positions.npz")])
    parser.add_argument("--out", type=Path, default=Path("src/bgwidget/ai/data/net.npz"))
    parser.add_argument("--val", type=Path, nargs="*", default=[], help="held-out files (default: 20000 of --data)")
    parser.add_argument("--init", type=Path, help="start from these weights (same sizes) instead of random ones")
    parser.add_argument("--hidden", type=int, nargs="+", default=[512, 256], help="units of each hidden layer")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20260907)
    parser.add_argument(
        "--units", action="store_true", help="read only the encoding's UNITS, the others zero (the pruning net)"
    )
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)

    files = args.data + args.val
    boards = np.concatenate([np.load(p)["boards"] for p in files])
    probs = np.concatenate([np.load(p)["probs"] for p in files]).astype(np.float32)
    inputs = np.zeros((len(boards), N_INPUTS), dtype=np.float32)
    for start in range(0, len(boards), 1 << 20):  # in slices: encode's temporaries of millions of rows fill memory
        part = slice(start, start + (1 << 20))
        (encode_units if args.units else encode)(boards[part], out=inputs[part])
    x = torch.from_numpy(inputs)
    y = torch.from_numpy(probs)
    n_val = sum(len(np.load(p)["probs"]) for p in args.val)
    if n_val:
        tr, val = rng.permutation(len(x) - n_val), np.arange(len(x) - n_val, len(x))
    else:
        order = rng.permutation(len(x))
        n_val = min(20000, len(x) // 20)
        val, tr = order[:n_val], order[n_val:]
    print(f"{len(tr)} training positions, {n_val} validation", flush=True)

    widths = [N_INPUTS, *args.hidden]
    hidden = [module for a, b in zip(widths, widths[1:]) for module in (nn.Linear(a, b), nn.ReLU())]
    model = nn.Sequential(*hidden, nn.Linear(widths[-1], 5))
    layers = [m for m in model if isinstance(m, nn.Linear)]
    if args.init:
        with np.load(args.init) as start, torch.no_grad():
            for k, layer in enumerate(layers):
                layer.weight.copy_(torch.from_numpy(start[f"w{k}"].T))
                layer.bias.copy_(torch.from_numpy(start[f"b{k}"]))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps = args.epochs * math.ceil(len(tr) / args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.05)

    def loss_fn(pred, target):
        return ((pred - target) ** 2).sum(1).mean() + 0.25 * ((equity(pred) - equity(target)) ** 2).mean()

    def report(epoch: int) -> None:
        model.eval()
        with torch.no_grad():
            pv = torch.cat([chain(model(x[val[i : i + 65536]])) for i in range(0, n_val, 65536)])
            yv = y[val]
            mae = (equity(pv) - equity(yv)).abs().mean().item()
            rmse = ((equity(pv) - equity(yv)) ** 2).mean().sqrt().item()
            win_mae = (pv[:, 0] - yv[:, 0]).abs().mean().item()
        took = time.time() - t0
        print(f"epoch {epoch}: equity MAE {mae:.4f}, RMSE {rmse:.4f}, win MAE {win_mae:.4f}, {took:.0f}s", flush=True)

    t0 = time.time()
    report(0)  # with --init: the starting net's error on the held-out positions
    for epoch in range(args.epochs):
        model.train()
        perm = torch.from_numpy(rng.permutation(tr))
        for i in range(0, len(perm), args.batch):
            idx = perm[i : i + args.batch]
            loss = loss_fn(chain(model(x[idx])), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        report(epoch + 1)

    weights = {}
    for k, layer in enumerate(layers):
        weights[f"w{k}"] = layer.weight.detach().numpy().T.astype(np.float32)
        weights[f"b{k}"] = layer.bias.detach().numpy().astype(np.float32)
    if args.units:  # the inputs never read keep their random start: zero, so that they cannot count
        unread = np.setdiff1d(np.arange(N_INPUTS), UNITS)
        weights["w0"][unread] = 0.0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, n_inputs=np.array(N_INPUTS), **weights)
    print(f"wrote {args.out}", flush=True)


if __name__ == "__main__":
    main()
