#!/usr/bin/python3
"""Trains Yardstick's lawn CNN on our labels of the real NAIP crops: the CPU recipe
(deterministic, ~20 minutes on 2 cores). The model the detector ships comes from
train-gpu.py beside this file (docs/decisions.md, "The lawn CNN joins the trees");
this recipe's model scores below it (tune IoU 0.43 against 0.55) and writes to
tmp/ so that it never replaces it by accident.

  /usr/bin/python3 scripts/grass-cnn/train.py [--steps N] [--out tmp/lawn-cnn-cpu]

Reads bench/grass/real/naip-ca/manifest.json (our labels; images from
../shared/realgrass/naip-ca), trains on the train split (Chico, Riverside,
Eureka, Bishop), chooses the step, the temperature (calibration) and the
decision threshold on the tune split (Claremont) and never reads the test split
(Long Beach). RGB only: map providers send no near-infrared.

Deterministic (seeded, fixed thread count, deterministic kernels) on the CPU,
the default. `--device cuda` runs the same recipe on a GPU for trying
configurations quickly (seeded, not bit-reproducible: CUDA's bilinear backward
has no deterministic kernel); `--synthetic-tune DIR` (export-synthetic.ts
--tune) also reports the IoU on generated tuning yards at each evaluation, and
`--select both` keeps the step with the best mean of the two.
Writes <out>.onnx (float32 weights) and <out>.json (input scale, temperature,
threshold, what it was trained on and the tune figures).

Needs Debian's python3-torch, python3-onnx, python3-numpy, python3-pil
(`apt-get install -y python3-torch python3-onnx python3-pil`), run with /usr/bin/python3.
"""
import argparse
import hashlib
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = os.environ.get("REALGRASS_DIR", os.path.abspath(os.path.join(ROOT, "..", "shared", "realgrass")))
LABELS = os.path.join(ROOT, "bench", "grass", "real", "naip-ca")

# The model always sees imagery resampled to this many metres per pixel (--work-mpp).
WORK_MPP = 0.3
NUM_CLASSES = 4  # lawn, tree, paved, other (label codes 1..4; 0 ignored)


class LawnNet(nn.Module):
    """A small encoder-decoder: strides 2/4/8, dilated context at 1/8, skips back to 1/2.
    About 0.3 GFLOP for a 384 x 384 input (768 x 768 map pixels at 0.15 m)."""

    def __init__(self, w=(16, 32, 48), full_res=False):
        super().__init__()
        a, b, c = w
        self.full_res = full_res

        def cbr(i, o, s=1, d=1):
            return nn.Sequential(nn.Conv2d(i, o, 3, s, padding=d, dilation=d, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))

        self.e1 = nn.Sequential(cbr(3, a, 2), cbr(a, a))          # 1/2
        self.e2 = nn.Sequential(cbr(a, b, 2), cbr(b, b))          # 1/4
        self.e3 = nn.Sequential(cbr(b, c, 2), cbr(c, c, d=2), cbr(c, c, d=4), cbr(c, c, d=8))  # 1/8
        self.d2 = nn.Sequential(nn.Conv2d(c + b, b, 1, bias=False), nn.BatchNorm2d(b), nn.ReLU(inplace=True), cbr(b, b))
        self.d1 = nn.Sequential(nn.Conv2d(b + a, a, 1, bias=False), nn.BatchNorm2d(a), nn.ReLU(inplace=True), cbr(a, a))
        if full_res:
            # a last level at the input's resolution: narrow lawn strips (a parkway is 2-3 m) keep their width
            self.e0 = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
            self.d0 = nn.Sequential(nn.Conv2d(a + 8, 8, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
            self.head = nn.Conv2d(8, NUM_CLASSES, 1)
        else:
            self.head = nn.Conv2d(a, NUM_CLASSES, 1)

    def forward(self, x):
        f1 = self.e1(x)
        f2 = self.e2(f1)
        f3 = self.e3(f2)
        u2 = F.interpolate(f3, size=f2.shape[2:], mode="bilinear", align_corners=False)
        g2 = self.d2(torch.cat([u2, f2], 1))
        u1 = F.interpolate(g2, size=f1.shape[2:], mode="bilinear", align_corners=False)
        g1 = self.d1(torch.cat([u1, f1], 1))
        if self.full_res:
            u0 = F.interpolate(g1, size=x.shape[2:], mode="bilinear", align_corners=False)
            return self.head(self.d0(torch.cat([u0, self.e0(x)], 1)))  # logits at the input's resolution
        return self.head(g1)  # logits at 1/2 of the input


MEAN = np.array([0.40, 0.42, 0.38], np.float32)
STD = np.array([0.20, 0.18, 0.17], np.float32)


def read_split(split):
    with open(os.path.join(LABELS, "manifest.json")) as f:
        files = [x for x in json.load(f)["files"] if x["split"] == split]
    out = []
    for x in files:
        image = os.path.join(DATA, x["image"])
        if not os.path.exists(image):  # a JPEG copy (smaller to carry to another machine)
            image = image[:-4] + ".jpg"
        rgb = np.asarray(Image.open(image).convert("RGB"), np.float32) / 255
        lab = np.asarray(Image.open(os.path.join(LABELS, x["label"])).convert("L"), np.int64)
        out.append((x["name"], x["mpp"], rgb, lab))
    return out


def to_work(rgb, lab, mpp, scale_jitter=1.0):
    """Resample an image (and its label, nearest) to WORK_MPP (times a jitter)."""
    f = mpp / (WORK_MPP * scale_jitter)
    h, w = lab.shape
    H, W = max(8, round(h * f)), max(8, round(w * f))
    t = torch.from_numpy(rgb).permute(2, 0, 1)[None]
    # shrinking averages (antialias), as the server's resampling does (app/grass/cnn.ts toModelInput)
    img = F.interpolate(t, size=(H, W), mode="bilinear", align_corners=False, antialias=H < h)[0]
    l = torch.from_numpy(lab)[None, None].float()
    l = F.interpolate(l, size=(H, W), mode="nearest")[0, 0].long()
    return img, l


def augment(c, rng):
    """Season, sun, haze, sensor, on a batch (B, 3, H, W) with each image's own draw:
    brightness, contrast, gamma, white balance, saturation, a haze veil, blur or
    sharpening, noise."""
    B = c.shape[0]
    dev = c.device

    def draw(lo, hi, shape=(B, 1, 1, 1)):
        return torch.tensor([rng.uniform(lo, hi) for _ in range(int(np.prod(shape)))], dtype=torch.float32, device=dev).view(shape)

    c = c * draw(0.75, 1.3) + draw(-0.06, 0.06)
    mean = c.mean((1, 2, 3), keepdim=True)
    c = (c - mean) * draw(0.75, 1.3) + mean
    c = c.clamp(0, 1) ** draw(0.8, 1.25)
    c = c * draw(0.88, 1.12, (B, 3, 1, 1))
    grey = c.mean(1, keepdim=True)
    c = grey + (c - grey) * draw(0.6, 1.4)
    haze = torch.tensor([rng.uniform(0.05, 0.3) if rng.random() < 0.3 else 0.0 for _ in range(B)], device=dev).view(B, 1, 1, 1)
    veil = torch.tensor([0.75, 0.78, 0.82], device=dev).view(1, 3, 1, 1)
    c = c * (1 - haze) + veil * haze
    # blur (amount -1: the blurred image), sharpen (0.3-1) or neither
    amount = []
    for _ in range(B):
        r = rng.random()
        amount.append(-1.0 if r < 0.25 else rng.uniform(0.3, 1.0) if r < 0.5 else 0.0)
    k = torch.tensor([1.0, 2.0, 1.0], device=dev)
    k = ((k[:, None] * k[None, :]) / 16)[None, None]
    H, W = c.shape[2:]
    blur = F.conv2d(F.pad(c.reshape(B * 3, 1, H, W), (1, 1, 1, 1), mode="replicate"), k).view(B, 3, H, W)
    c = c + (c - blur) * torch.tensor(amount, device=dev).view(B, 1, 1, 1)
    gen = torch.Generator().manual_seed(rng.randrange(1 << 30))
    c = c + torch.randn(c.shape, generator=gen).to(dev) * draw(0, 0.02)
    return c.clamp(0, 1)


def normalise(img):
    """(…, 3, H, W) on 0-1 to the model's input."""
    return (img - torch.from_numpy(MEAN).to(img.device).view(3, 1, 1)) / torch.from_numpy(STD).to(img.device).view(3, 1, 1)


def read_synthetic(folder):
    """Generated yards (export-synthetic.ts) in the real labels' codes."""
    manifest = folder if folder.endswith(".json") else os.path.join(folder, "manifest.json")
    folder = os.path.dirname(manifest)
    with open(manifest) as f:
        files = json.load(f)["files"]
    out = []
    for x in files:
        image = os.path.join(folder, x["name"] + ".png")
        if not os.path.exists(image):  # a JPEG copy (smaller to carry to another machine)
            image = image[:-4] + ".jpg"
        rgb = np.asarray(Image.open(image).convert("RGB"), np.float32) / 255
        lab = np.asarray(Image.open(os.path.join(folder, x["name"] + ".label.png")).convert("L"), np.int64)
        out.append((x["name"], x["mpp"], rgb, lab))
    return out


def sample_batch(data, rng, batch, size, synthetic=(), synthetic_share=0.0, device="cpu"):
    """Random crops at the working resolution (scale jitter 0.8-1.25): the crop is cut
    from the source first and only it is resampled, then rotated, flipped, augmented.
    A share of the crops comes from the generated yards, when given."""
    xs, ys = [], []
    for _ in range(batch):
        pool = synthetic if synthetic and rng.random() < synthetic_share else data
        name, mpp, rgb, lab = pool[rng.randrange(len(pool))]
        f = mpp / (WORK_MPP * rng.uniform(0.8, 1.25))
        h, w = lab.shape
        src = min(h, w, max(8, round(size / f)))
        y0, x0 = rng.randrange(h - src + 1), rng.randrange(w - src + 1)
        out = min(size, round(src * f))
        t = torch.from_numpy(np.ascontiguousarray(rgb[y0:y0 + src, x0:x0 + src])).permute(2, 0, 1)[None]
        img = F.interpolate(t, size=(out, out), mode="bilinear", align_corners=False, antialias=out < src)[0]
        l = torch.from_numpy(lab[y0:y0 + src, x0:x0 + src])[None, None].float()
        l = F.interpolate(l, size=(out, out), mode="nearest")[0, 0].long()
        k = rng.randrange(4)
        img, l = torch.rot90(img, k, (1, 2)), torch.rot90(l, k, (0, 1))
        if rng.random() < 0.5:
            img, l = img.flip(2), l.flip(1)
        if out < size:
            img = F.pad(img, (0, size - out, 0, size - out))
            l = F.pad(l, (0, size - out, 0, size - out))
        xs.append(img)
        ys.append(l)
    x = augment(torch.stack(xs).to(device), rng)
    return normalise(x), torch.stack(ys).to(device)


def predict_lawn_logit(model, rgb, mpp):
    """Lawn-vs-rest log-odds at the label's resolution for one image."""
    img, _ = to_work(rgb, np.zeros(rgb.shape[:2], np.int64), mpp)
    dev = next(model.parameters()).device
    with torch.no_grad():
        logits = model(normalise(img.to(dev))[None])
        logits = F.interpolate(logits, size=rgb.shape[:2], mode="bilinear", align_corners=False)[0]
    lp = F.log_softmax(logits, 0)
    lawn = lp[0]
    rest = torch.logsumexp(lp[1:], 0)
    return (lawn - rest).cpu().numpy()


def evaluate(model, data, temperature=1.0, threshold=0.5):
    tp = fp = fn = 0
    logits, truths = [], []
    for name, mpp, rgb, lab in data:
        z = predict_lawn_logit(model, rgb, mpp)
        valid = lab > 0
        truth = lab == 1
        p = 1 / (1 + np.exp(-z / temperature))
        pred = p > threshold
        tp += np.sum(pred & truth & valid)
        fp += np.sum(pred & ~truth & valid)
        fn += np.sum(~pred & truth & valid)
        logits.append(z[valid])
        truths.append(truth[valid])
    return tp / max(1, tp + fp + fn), np.concatenate(logits), np.concatenate(truths)


def fit_temperature(z, t):
    z = torch.from_numpy(z.astype(np.float64))
    y = torch.from_numpy(t.astype(np.float64))
    best, best_nll = 1.0, float("inf")
    for T in np.exp(np.linspace(math.log(0.3), math.log(5), 200)):
        nll = F.binary_cross_entropy_with_logits(z / T, y).item()
        if nll < best_nll:
            best, best_nll = float(T), nll
    return best


def ece(p, t, bins=15):
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for i in range(bins):
        m = (p >= edges[i]) & (p < edges[i + 1] if i < bins - 1 else p <= 1)
        if m.any():
            total += m.mean() * abs(p[m].mean() - t[m].mean())
    return float(total)


def main():
    global WORK_MPP
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--size", type=int, default=192)
    ap.add_argument("--eval-every", type=int, default=500)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--ema", type=float, default=0.998)
    ap.add_argument("--full-res", action="store_true", help="a decoder level at the working resolution (output stride 1)")
    ap.add_argument("--out", default=os.path.join(ROOT, "tmp", "lawn-cnn-cpu"))
    ap.add_argument("--synthetic", default=None, help="folder of generated yards (export-synthetic.ts) to mix in")
    ap.add_argument("--synthetic-share", type=float, default=0.25)
    ap.add_argument("--synthetic-tune", default=None, help="folder of generated tuning yards (export-synthetic.ts --tune): also reported at each evaluation")
    ap.add_argument("--width", default="16,32,48", help="channels at strides 2, 4, 8")
    ap.add_argument("--work-mpp", type=float, default=WORK_MPP, help="metres per pixel the model works at")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--select", default="tune", choices=["tune", "both"], help="keep the evaluation with the best tune IoU, or the best mean of tune and generated-tune IoU")
    ap.add_argument("--max-seconds", type=float, default=0, help="stop training after this long (0: run every step)")
    ap.add_argument("--device", default="cpu", help="cpu (the reproducible default) or cuda (for trying configurations quickly; results differ in the last digits)")
    args = ap.parse_args()
    WORK_MPP = args.work_mpp
    width = tuple(int(v) for v in args.width.split(","))
    dev = torch.device(args.device)

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    rng = random.Random(args.seed)
    torch.set_num_threads(int(os.environ.get("TRAIN_THREADS", "2")))
    # CUDA's bilinear backward has no deterministic kernel: a GPU run is seeded but not bit-reproducible
    torch.use_deterministic_algorithms(True, warn_only=dev.type != "cpu")

    train = read_split("train")
    tune = read_split("tune")
    synthetic = read_synthetic(args.synthetic) if args.synthetic else []
    synthetic_tune = read_synthetic(args.synthetic_tune) if args.synthetic_tune else []
    print(f"train {len(train)} crops (+ {len(synthetic)} generated yards, {args.synthetic_share if synthetic else 0:.0%} of each batch), tune {len(tune)} crops; test split never read", flush=True)
    counts = np.bincount(np.concatenate([d[3].ravel() for d in train]), minlength=5)
    print("train pixels by class (ignore, lawn, tree, paved, other):", counts.tolist(), flush=True)
    freq = counts[1:] / counts[1:].sum()
    weights = torch.tensor((1 / np.sqrt(freq + 1e-3)) / np.mean(1 / np.sqrt(freq + 1e-3)), dtype=torch.float32)

    model = LawnNet(width, full_res=args.full_res).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    # an exponential moving average of the weights (decay 0.998) is what is evaluated and
    # exported: single steps on small, noisy batches move the tune IoU by ±0.1 (measured)
    ema = LawnNet(width, full_res=args.full_res).to(dev)
    ema.load_state_dict(model.state_dict())
    ema.eval()
    weights = weights.to(dev)
    best = (-1.0, None, 0)
    started = time.time()
    for step in range(1, args.steps + 1):
        model.train()
        x, y = sample_batch(train, rng, args.batch, args.size, synthetic, args.synthetic_share, dev)
        logits = model(x)
        logits = F.interpolate(logits, size=y.shape[1:], mode="bilinear", align_corners=False)
        loss = F.cross_entropy(logits, y - 1, weight=weights, ignore_index=-1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        with torch.no_grad():
            d = min(args.ema, (1 + step) / (10 + step))
            for e, m in zip(ema.state_dict().values(), model.state_dict().values()):
                if e.dtype.is_floating_point:
                    e.mul_(d).add_(m.detach(), alpha=1 - d)
                else:
                    e.copy_(m)
        if step % 100 == 0:
            print(f"step {step} loss {loss.item():.4f} ({time.time() - started:.0f} s)", flush=True)
        out_of_time = args.max_seconds > 0 and time.time() - started > args.max_seconds
        if step % args.eval_every == 0 or step == args.steps or out_of_time:
            iou, _, _ = evaluate(ema, tune)
            generated = evaluate(ema, synthetic_tune)[0] if synthetic_tune else None
            print(f"step {step}: tune lawn IoU {iou:.4f}" + (f", generated tune {generated:.4f}" if generated is not None else "") + " (averaged weights)", flush=True)
            score = (iou + generated) / 2 if args.select == "both" and generated is not None else iou
            if score > best[0]:
                best = (score, {k: v.clone() for k, v in ema.state_dict().items()}, step)
        if out_of_time:
            print(f"stopped at step {step}: --max-seconds {args.max_seconds:.0f} reached", flush=True)
            break
    model = ema
    model.load_state_dict(best[1])
    model.eval()
    _, z, t = evaluate(model, tune)
    T = fit_temperature(z, t)
    p = 1 / (1 + np.exp(-z / T))
    thresholds = np.linspace(0.2, 0.8, 61)
    ious = [evaluate_threshold(p, t, th) for th in thresholds]
    threshold = float(thresholds[int(np.argmax(ious))])
    print(f"best step {best[2]}: score {best[0]:.4f}; temperature {T:.3f}; threshold {threshold:.2f} (tune IoU {max(ious):.4f}); tune ECE {ece(p, t):.4f}", flush=True)
    generated = evaluate(model, synthetic_tune, T, threshold)[0] if synthetic_tune else None
    if generated is not None:
        print(f"generated tune IoU at that temperature and threshold: {generated:.4f}", flush=True)

    model = model.cpu()
    dummy = torch.zeros(1, 3, 256, 256)
    # newer PyTorch exports through dynamo by default; the TorchScript exporter gives the same graph as 1.13's
    legacy = {"dynamo": False} if int(torch.__version__.split(".")[0]) >= 2 else {}
    torch.onnx.export(model, dummy, args.out + ".onnx", input_names=["image"], output_names=["logits"],
                      dynamic_axes={"image": {2: "h", 3: "w"}, "logits": {2: "h2", 3: "w2"}}, opset_version=13, **legacy)
    with open(args.out + ".onnx", "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    meta = {
        "workMpp": WORK_MPP,
        "outputStride": 1 if args.full_res else 2,
        "classes": ["lawn", "tree", "paved", "other"],
        "mean": MEAN.tolist(),
        "std": STD.tolist(),
        "temperature": round(T, 4),
        "threshold": round(threshold, 3),
        "trainedOn": {"train": sorted(d[0] for d in train), "tune": sorted(d[0] for d in tune),
                      "synthetic": len(synthetic), "syntheticShare": args.synthetic_share if synthetic else 0,
                      "steps": args.steps, "bestStep": best[2], "batch": args.batch, "size": args.size, "seed": args.seed, "ema": args.ema, "fullRes": args.full_res,
                      "width": list(width), "lr": args.lr, "select": args.select, "device": dev.type},
        "tune": {"iou": round(float(max(ious)), 4), "ece": round(ece(p, t), 4)} | ({"generatedIou": round(float(generated), 4)} if generated is not None else {}),
        "sha256": digest,
    }
    with open(args.out + ".json", "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.relpath(args.out, ROOT)}.onnx ({os.path.getsize(args.out + '.onnx') / 1e6:.2f} MB) and .json in {time.time() - started:.0f} s", flush=True)


def evaluate_threshold(p, t, th):
    pred = p > th
    return np.sum(pred & t) / max(1, np.sum(pred | t))


if __name__ == "__main__":
    main()
