#!/usr/bin/env python3
"""Questions asked of trained lawn CNNs on the tune split (Claremont), never the test split:
docs/decisions.md, "Two seeds, eight views and the output's resolution".

  GRASS_GPU_DATA=tmp/grass-gpu-120 /usr/bin/python3 scripts/grass-cnn/probe.py ensemble DIR DIR [DIR …]
      each model alone, then every pair with their lawn log-odds averaged
  GRASS_GPU_DATA=tmp/grass-gpu-120 /usr/bin/python3 scripts/grass-cnn/probe.py tta DIR
      one model, its lawn log-odds averaged over flips and quarter turns
  /usr/bin/python3 scripts/grass-cnn/probe.py ceiling
      labels only (no model): the lawn IoU a perfect detector whose output is 2 or 4 times
      coarser than the imagery could reach (block mean, bilinear back, > 0.5), tune and test

DIR holds a trainer's lawn-cnn.pt and lawn-cnn.json (train-gpu.py's WORK). Each line gives
the tune IoU at the threshold chosen on tune after a temperature fitted on tune, that
threshold, the temperature, and the IoU at 0.5, as train-gpu.py reports its own."""
import importlib.util, json, math, os, sys
import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
spec = importlib.util.spec_from_file_location("train_gpu", os.path.join(HERE, "train-gpu.py"))
tg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tg)
CPU = torch.device("cpu")


def load(folder):
    meta = json.load(open(os.path.join(folder, "lawn-cnn.json")))
    width = tuple(int(v) for v in meta["trainedOn"]["sweep"]["width"].split(","))
    net = tg.Net(width, meta["trainedOn"]["sweep"].get("s16", 0))
    net.load_state_dict(torch.load(os.path.join(folder, "lawn-cnn.pt")))
    net.eval()
    return net, meta["workMpp"]


def judged(zs, tune):
    z, t = tg.flat(zs, tune)
    Ts = np.exp(np.linspace(math.log(0.3), math.log(5), 120))
    T = float(Ts[int(np.argmin([F.binary_cross_entropy_with_logits(z / T, t).item() for T in Ts]))])
    p = torch.sigmoid(z / T)
    ths = np.linspace(0.2, 0.8, 61)
    ious = [(((p > th) & (t > 0.5)).sum() / ((p > th) | (t > 0.5)).sum().clamp(min=1)).item() for th in ths]
    at05 = (((z > 0) & (t > 0.5)).sum() / ((z > 0) | (t > 0.5)).sum().clamp(min=1)).item()
    i = int(np.argmax(ious))
    return f"tune IoU {ious[i]:.4f} at {ths[i]:.2f} (T {T:.3f}); at 0.5 {at05:.4f}"


@torch.no_grad()
def views(net, work_mpp, tune, k, flip):
    out = []
    for _, mpp, img4, lab in tune:
        x, _ = tg.to_work(img4, lab, mpp, work_mpp, CPU)
        x = tg.normalise(x[None, :3])
        if flip:
            x = x.flip(3)
        logits = torch.rot90(net(torch.rot90(x, k, (2, 3))), -k, (2, 3))
        if flip:
            logits = logits.flip(3)
        out.append(tg.lawn_logodds(F.interpolate(logits.float(), size=lab.shape, mode="bilinear", align_corners=False))[0])
    return out


def mean(*zss):
    return [sum(z) / len(z) for z in zip(*zss)]


def ceiling():
    manifest = json.load(open(os.path.join(ROOT, "bench", "grass", "real", "naip-ca", "manifest.json")))
    for split in ("tune", "test"):
        for f in (2, 4):
            tp = fp = fn = 0
            for x in manifest["files"]:
                if x["split"] != split:
                    continue
                lab = np.asarray(Image.open(os.path.join(ROOT, "bench", "grass", "real", "naip-ca", x["label"])))
                lawn = torch.from_numpy((lab == 1).astype(np.float32))[None, None]
                back = F.interpolate(F.avg_pool2d(lawn, f), size=lab.shape, mode="bilinear", align_corners=False)[0, 0].numpy() > 0.5
                truth, valid = lab == 1, lab > 0
                tp += (back & truth & valid).sum()
                fp += (back & ~truth & valid).sum()
                fn += (~back & truth & valid).sum()
            print(f"{split}: output {f}× coarser than the imagery, best possible lawn IoU {tp / (tp + fp + fn):.3f}")


def main():
    torch.set_num_threads(os.cpu_count() or 1)
    what, folders = sys.argv[1] if len(sys.argv) > 1 else "", sys.argv[2:]
    if what == "ceiling":
        return ceiling()
    if what not in ("ensemble", "tta") or not folders:
        sys.exit(__doc__)
    tune = tg.read("real", "tune")
    if what == "tta":
        net, work_mpp = load(folders[0])
        v = [views(net, work_mpp, tune, k, flip) for flip in (False, True) for k in range(4)]
        print("one view:", judged(v[0], tune))
        print("and its mirror:", judged(mean(v[0], v[4]), tune))
        print("four quarter turns:", judged(mean(*v[:4]), tune))
        print("all eight:", judged(mean(*v), tune))
        return
    zs = {}
    for d in folders:
        net, work_mpp = load(d)
        zs[d] = views(net, work_mpp, tune, 0, False)
        print(f"{d}: {judged(zs[d], tune)}", flush=True)
    for i, a in enumerate(folders):
        for b in folders[i + 1:]:
            print(f"{a} + {b}: {judged(mean(zs[a], zs[b]), tune)}", flush=True)


if __name__ == "__main__":
    main()
