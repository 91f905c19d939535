#!/usr/bin/env python3
"""The lawn CNN the detector ships (app/grass/lawn-cnn.onnx and .json), trained with
sampling and augmentation in torch on the CPU or a GPU (train.py's Python samplers
capped a GPU at ~2,200 steps in 7 minutes; this does ~7,000 with ten runs sharing one
H100; the shipped model is a 2-core CPU run, below).
Weights from the train split (Chico, Riverside, Eureka, Bishop) and generated
training yards; the step, temperature and threshold chosen on the tune split
(Claremont); the test split (Long Beach) is never read. RGB only at run time.

  /usr/bin/python3 scripts/grass-cnn/pack-gpu-data.py      (first; see its header)
  python3 scripts/grass-cnn/train-gpu.py --name lawn-cnn --width 32,64,128 --work-mpp 0.6 --size 128 --seconds 400

was how the GPU model of 2026-11-27 was made (one H100 shared by ten runs: 6,920 steps
in 400 s, best at step 5,717; seeded, not bit-reproducible on a GPU). `--steps N` runs a
step-based schedule instead; with `--device cpu` (every core unless `--threads`) it is
bit-reproducible on one kind of CPU with one thread count (runs of 40 and 250 steps wrote
the same ONNX bytes); another instruction set (oneDNN's AVX-512 or AVX2 kernels) or thread
count gives other bits and, over 4,400 steps, another model. The shipped
model is a CPU run: `npm run train:grass-cnn` (pack-gpu-data.py 120, then `--device cpu
--width 32,64,128 --work-mpp 0.6 --size 128 --steps 4400`), best at step 4,000; it took
68 min then (0.75-1.0 s a step). Since `keep_freed_memory` the same run takes 36 min on
the 2-core machine (0.48 s a step, evaluations included; 38 min with the export and
packing): docs/decisions.md, "The CPU recipe in half an hour". It writes tmp/grass-cnn/,
never app/grass (copy it there by hand, then `npm run bench:grass blend` and
`npm run calibrate:grass`: docs/decisions.md, "The lawn CNN trained on the CPU ships").
`--haze-max 0.4` thickens the haze augmentation and adds a colour cast (default 0.3: the
shipped recipe). `pack-gpu-data.py all` packs every exported
generated training yard (export 256 for TRAIN's shade and season copies). `--train-share S`
trains on a seeded share of each town's crops (a learning curve: docs/decisions.md, "How the
CNN grows with labelled crops"). Writes
$WORK/<name>.onnx, .pt and .json (lawn-cnn.json's fields, the tune figures, the
evaluation history); WORK defaults to tmp/grass-gpu-out."""
import argparse, contextlib, ctypes, ctypes.util, hashlib, json, math, os, random, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = os.environ.get("GRASS_GPU_DATA", os.path.join(ROOT, "tmp", "grass-gpu"))
MEAN = torch.tensor([0.40, 0.42, 0.38])
STD = torch.tensor([0.20, 0.18, 0.17])
NUM_CLASSES = 4


def keep_freed_memory():
    """glibc gives every block of 128 KB or more its own mapping and unmaps it when freed,
    so each training step faulted in afresh the ~GB of activations and gradients the last
    one freed: a third of a CPU step (250 steps on 2 cores: 178 -> 121 s; docs/decisions.md,
    "The CPU recipe in half an hour"). Keep them in the heap instead (no mmap, no trimming;
    the peak stays ~2.4 GB). Only where memory comes from changes, not what is computed:
    the weights are the same bits."""
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    if libc is None or not hasattr(libc, "mallopt"):
        return  # not glibc: nothing to tell it
    M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_MAX = -1, -2, -4
    for option, value in ((M_MMAP_MAX, 0), (M_TRIM_THRESHOLD, 2**31 - 1), (M_TOP_PAD, 256 << 20)):
        libc.mallopt(option, value)


def cbr(i, o, s=1, d=1):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, padding=d, dilation=d, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


def fuse(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True), cbr(o, o))


class Net(nn.Module):
    """train.py's LawnNet (strides 2/4/8, dilated context, skips to 1/2), optionally with a
    stride-16 stage carrying the dilated context instead, and a training-only NDVI head."""

    def __init__(self, w=(16, 32, 48), s16=0, aux=False, full_res=False):
        super().__init__()
        a, b, c = w
        self.s16 = s16
        # --full-res: a decoder level at the working resolution itself (a shallow full-resolution
        # stage from the image, fused with the decoder's output at 1/2): output stride 1 instead of 2
        self.e0 = cbr(3, a // 2) if full_res else None
        self.d0 = fuse(a + a // 2, a // 2) if full_res else None
        self.e1 = nn.Sequential(cbr(3, a, 2), cbr(a, a))
        self.e2 = nn.Sequential(cbr(a, b, 2), cbr(b, b))
        if s16:
            self.e3 = nn.Sequential(cbr(b, c, 2), cbr(c, c))
            self.e4 = nn.Sequential(cbr(c, s16, 2), cbr(s16, s16, d=2), cbr(s16, s16, d=4), cbr(s16, s16, d=8))
            self.d3 = fuse(s16 + c, c)
        else:
            self.e3 = nn.Sequential(cbr(b, c, 2), cbr(c, c, d=2), cbr(c, c, d=4), cbr(c, c, d=8))
        self.d2 = fuse(c + b, b)
        self.d1 = fuse(b + a, a)
        o = a // 2 if full_res else a
        self.head = nn.Conv2d(o, NUM_CLASSES, 1)
        self.aux = nn.Conv2d(o, 1, 1) if aux else None
        self.with_aux = False

    def forward(self, x):
        f1 = self.e1(x)
        f2 = self.e2(f1)
        f3 = self.e3(f2)
        if self.s16:
            f4 = self.e4(f3)
            f3 = self.d3(torch.cat([F.interpolate(f4, size=f3.shape[2:], mode="bilinear", align_corners=False), f3], 1))
        g2 = self.d2(torch.cat([F.interpolate(f3, size=f2.shape[2:], mode="bilinear", align_corners=False), f2], 1))
        g1 = self.d1(torch.cat([F.interpolate(g2, size=f1.shape[2:], mode="bilinear", align_corners=False), f1], 1))
        if self.e0 is not None:
            f0 = self.e0(x)
            g1 = self.d0(torch.cat([F.interpolate(g1, size=f0.shape[2:], mode="bilinear", align_corners=False), f0], 1))
        out = self.head(g1)
        if self.with_aux and self.aux is not None:
            return out, self.aux(g1)
        return out


def read(split_file, split):
    out = []
    for x in json.load(open(os.path.join(DATA, split_file + ".json"))):
        if x["split"] != split:
            continue
        folder = os.path.join(DATA, split_file)
        rgb = np.asarray(Image.open(os.path.join(folder, x["name"] + ".jpg")).convert("RGB"), np.float32) / 255
        nir_path = os.path.join(folder, x["name"] + ".nir.jpg")
        nir = np.asarray(Image.open(nir_path).convert("L"), np.float32)[..., None] / 255 if os.path.exists(nir_path) else np.full(rgb.shape[:2] + (1,), -1, np.float32)
        lab = np.asarray(Image.open(os.path.join(folder, x["name"] + ".label.png")).convert("L"), np.uint8)
        out.append((x["name"], x["mpp"], np.concatenate([rgb, nir], 2), lab))
    return out


def share_of_each_town(items, share, seed):
    """The first round(share × n) of each town's crops (at least one) in a shuffle seeded by `seed`,
    in their original order: the same draw for the same share and seed."""
    towns = {}
    for item in items:
        towns.setdefault(item[0].rsplit("_", 2)[0], []).append(item[0])
    rng = random.Random(seed)
    keep = set()
    for town in sorted(towns):
        names = sorted(towns[town])
        rng.shuffle(names)
        keep.update(names[: max(1, round(share * len(names)))])
    return [item for item in items if item[0] in keep]


def to_work(img4, lab, mpp, work_mpp, dev):
    """(h, w, 4) float and (h, w) label → (4, H, W), (H, W) at work_mpp."""
    f = mpp / work_mpp
    h, w = lab.shape
    H, W = max(8, round(h * f)), max(8, round(w * f))
    t = torch.from_numpy(img4).permute(2, 0, 1)[None].to(dev)
    x = F.interpolate(t, size=(H, W), mode="bilinear", align_corners=False, antialias=H < h)[0]
    y = F.interpolate(torch.from_numpy(lab)[None, None].float().to(dev), size=(H, W), mode="nearest")[0, 0]
    return x, y


def small_lawn_weights(y, work_mpp, most):
    """(H, W) label at work_mpp → a weight per pixel: 1, but on a lawn smaller than 360 m²
    (1,000 NAIP pixels) sqrt(360 / its area), at most `most` (4-connected lawns, as
    bench/grass/real.ts sizes them)."""
    from scipy import ndimage
    lab = y.cpu().numpy()
    comp, n = ndimage.label(lab == 1)
    w = np.ones(lab.shape, np.float32)
    if n:
        area = np.bincount(comp.ravel())[1:] * work_mpp * work_mpp
        per = np.clip(np.sqrt(360.0 / np.maximum(area, 1e-6)), 1.0, most).astype(np.float32)
        w[comp > 0] = per[comp[comp > 0] - 1]
    return torch.from_numpy(w).to(y.device)


class Pool:
    def __init__(self, items, work_mpp, dev, small_weight=0.0):
        xs, ys = [], []
        for _, mpp, img4, lab in items:
            x, y = to_work(img4, lab, mpp, work_mpp, dev)
            xs.append(x)
            ys.append(y)
        S = max(max(x.shape[1], x.shape[2]) for x in xs)
        self.x = torch.zeros(len(xs), 4, S, S, device=dev)
        self.y = torch.zeros(len(xs), S, S, device=dev)
        self.wt = torch.ones(len(xs), S, S, device=dev) if small_weight > 1 else None
        self.h = torch.zeros(len(xs), device=dev)
        self.w = torch.zeros(len(xs), device=dev)
        for i, (x, y) in enumerate(zip(xs, ys)):
            self.x[i, :, : x.shape[1], : x.shape[2]] = x
            self.y[i, : y.shape[0], : y.shape[1]] = y
            if self.wt is not None:
                self.wt[i, : y.shape[0], : y.shape[1]] = small_lawn_weights(y, work_mpp, small_weight)
            self.h[i], self.w[i] = x.shape[1], x.shape[2]
        self.S = S
        self.n = len(xs)


def sample(pool, B, size, g, dev):
    idx = torch.randint(0, pool.n, (B,), generator=g, device=dev)
    U = lambda lo, hi: lo + (hi - lo) * torch.rand(B, generator=g, device=dev)
    j = U(0.8, 1.25)
    L = size * j
    ang = U(0, 2 * math.pi)
    fl = torch.where(torch.rand(B, generator=g, device=dev) < 0.5, -1.0, 1.0)
    h, w = pool.h[idx], pool.w[idx]
    cx = torch.where(w > L, L / 2 + torch.rand(B, generator=g, device=dev) * (w - L), w / 2)
    cy = torch.where(h > L, L / 2 + torch.rand(B, generator=g, device=dev) * (h - L), h / 2)
    S = pool.S
    k = L / S
    theta = torch.stack([
        torch.stack([k * torch.cos(ang) * fl, -k * torch.sin(ang), 2 * cx / S - 1], 1),
        torch.stack([k * torch.sin(ang) * fl, k * torch.cos(ang), 2 * cy / S - 1], 1),
    ], 1)
    grid = F.affine_grid(theta, (B, 4, size, size), align_corners=False)
    x = F.grid_sample(pool.x[idx], grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    y = F.grid_sample(pool.y[idx][:, None], grid, mode="nearest", padding_mode="zeros", align_corners=False)[:, 0].long()
    wt = None if pool.wt is None else F.grid_sample(pool.wt[idx][:, None], grid, mode="nearest", padding_mode="border", align_corners=False)[:, 0]
    return x, y, wt


def augment(c, g, dev, haze_max=0.3):
    B = c.shape[0]
    U = lambda lo, hi, shape=(B, 1, 1, 1): lo + (hi - lo) * torch.rand(shape, generator=g, device=dev)
    c = c * U(0.75, 1.3) + U(-0.06, 0.06)
    mean = c.mean((1, 2, 3), keepdim=True)
    c = (c - mean) * U(0.75, 1.3) + mean
    c = c.clamp(0, 1) ** U(0.8, 1.25)
    c = c * U(0.88, 1.12, (B, 3, 1, 1))
    grey = c.mean(1, keepdim=True)
    c = grey + (c - grey) * U(0.6, 1.4)
    if haze_max > 0.3:
        # haze as thick as 0.4 of a veil whose colour varies (bluish to neutral white),
        # with the colour cast a hazy sky brings (per-channel gains up to ±20 %)
        hazy = U(0, 1) < 0.35
        haze = torch.where(hazy, U(0.05, haze_max), torch.zeros(B, 1, 1, 1, device=dev))
        cast = torch.where(hazy, U(0.8, 1.2, (B, 3, 1, 1)), torch.ones(B, 3, 1, 1, device=dev))
        veil = torch.tensor([0.74, 0.76, 0.80], device=dev).view(1, 3, 1, 1) + U(0, 0.1, (B, 3, 1, 1))
        c = (c * cast).clamp(0, 1) * (1 - haze) + veil * haze
    else:
        haze = torch.where(U(0, 1) < 0.3, U(0.05, 0.3), torch.zeros(B, 1, 1, 1, device=dev))
        veil = torch.tensor([0.75, 0.78, 0.82], device=dev).view(1, 3, 1, 1)
        c = c * (1 - haze) + veil * haze
    r = U(0, 1)
    amount = torch.where(r < 0.25, -torch.ones_like(r), torch.where(r < 0.5, U(0.3, 1.0), torch.zeros_like(r)))
    k = torch.tensor([1.0, 2.0, 1.0], device=dev)
    k = ((k[:, None] * k[None, :]) / 16)[None, None].repeat(3, 1, 1, 1)
    blur = F.conv2d(F.pad(c, (1, 1, 1, 1), mode="replicate"), k, groups=3)
    c = c + (c - blur) * amount
    c = c + torch.randn(c.shape, generator=g, device=dev) * U(0, 0.02)
    return c.clamp(0, 1)


def normalise(c):
    return (c - MEAN.to(c.device).view(1, 3, 1, 1)) / STD.to(c.device).view(1, 3, 1, 1)


def lawn_logodds(logits):
    lp = F.log_softmax(logits.float(), 1)
    return lp[:, 0] - torch.logsumexp(lp[:, 1:], 1)


def lovasz_hinge(z, t):
    """Binary Lovász hinge (Berman et al. 2018), flattened; z log-odds, t 0/1."""
    if t.numel() == 0:
        return z.sum() * 0
    signs = 2 * t - 1
    errors = 1 - z * signs
    errors_sorted, perm = torch.sort(errors, descending=True)
    gt = t[perm]
    gts = gt.sum()
    inter = gts - gt.cumsum(0)
    union = gts + (1 - gt).cumsum(0)
    jac = 1 - inter / union
    jac = torch.cat([jac[:1], jac[1:] - jac[:-1]])
    return torch.dot(F.relu(errors_sorted), jac)


@torch.no_grad()
def predict(model, items, work_mpp, dev):
    """Lawn log-odds at each label's resolution (list), as app/grass/cnn.ts does it."""
    out = []
    for _, mpp, img4, lab in items:
        x, _ = to_work(img4, lab, mpp, work_mpp, dev)
        logits = model(normalise(x[None, :3]))
        logits = F.interpolate(logits.float(), size=lab.shape, mode="bilinear", align_corners=False)
        out.append(lawn_logodds(logits)[0])
    return out


def scores(zs, items, T=1.0, th=0.5):
    tp = fp = fn = 0
    for z, (_, _, _, lab) in zip(zs, items):
        lab = torch.from_numpy(lab).to(z.device)
        valid, truth = lab > 0, lab == 1
        pred = torch.sigmoid(z / T) > th
        tp += (pred & truth & valid).sum().item()
        fp += (pred & ~truth & valid).sum().item()
        fn += (~pred & truth & valid).sum().item()
    return tp / max(1, tp + fp + fn)


def flat(zs, items):
    z, t = [], []
    for zz, (_, _, _, lab) in zip(zs, items):
        lab = torch.from_numpy(lab).to(zz.device)
        z.append(zz[lab > 0])
        t.append((lab[lab > 0] == 1).float())
    return torch.cat(z).double(), torch.cat(t).double()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--width", default="16,32,48")
    ap.add_argument("--s16", type=int, default=0)
    ap.add_argument("--syn", type=float, default=0.25, help="share of each batch from generated yards")
    ap.add_argument("--work-mpp", type=float, default=0.3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--size", type=int, default=192)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--lawn-weight", type=float, default=1.0)
    ap.add_argument("--full-res", action="store_true", help="a decoder level at the working resolution (output stride 1)")
    ap.add_argument("--small-weight", type=float, default=0.0, help="weigh a lawn under 360 m² by sqrt(360 / its area) in the loss, at most this (off at ≤ 1)")
    ap.add_argument("--lovasz", type=float, default=0.0)
    ap.add_argument("--ndvi", type=float, default=0.0, help="weight of the training-only NDVI regression")
    ap.add_argument("--ema", type=float, default=0.999)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("TRAIN_SECONDS", "400")))
    ap.add_argument("--eval-every", type=float, default=30, help="seconds")
    ap.add_argument("--max-steps", type=int, default=0)
    ap.add_argument("--steps", type=int, default=0, help="a step-based schedule of this many steps (instead of --seconds)")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--threads", type=int, default=0, help="CPU threads (default: 1 on a GPU, where runs share the CPU; every core on the CPU)")
    ap.add_argument("--train-share", type=float, default=1.0, help="train on this share of each town's train crops (a seeded draw; a learning curve)")
    ap.add_argument("--haze-max", type=float, default=0.3, help="thickest haze veil of the augmentation (above 0.3: a veil of varying colour and a colour cast)")
    args = ap.parse_args()
    dev = torch.device(args.device)
    work = os.environ.get("WORK", os.path.join(ROOT, "tmp", "grass-gpu-out"))
    os.makedirs(work, exist_ok=True)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    g = torch.Generator(device=dev)
    g.manual_seed(args.seed)
    torch.set_num_threads(args.threads or (1 if dev.type == "cuda" else os.cpu_count() or 1))
    if dev.type == "cpu":
        torch.use_deterministic_algorithms(True)  # the same seed gives the same weights, bit for bit
        keep_freed_memory()
    if dev.type == "cuda":
        torch.backends.cudnn.benchmark = True
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True

    train, tune = read("real", "train"), read("real", "tune")
    if args.train_share < 1:
        train = share_of_each_town(train, args.train_share, args.seed)
    syn_train, syn_tune = (read("syn", "train"), read("syn", "tune")) if os.path.exists(os.path.join(DATA, "syn.json")) else ([], [])
    real_pool = Pool(train, args.work_mpp, dev, args.small_weight)
    syn_pool = Pool(syn_train, args.work_mpp, dev, args.small_weight) if syn_train and args.syn > 0 else None
    counts = torch.bincount(real_pool.y.long().flatten(), minlength=5).double().cpu().numpy()
    freq = counts[1:] / counts[1:].sum()
    cw = (1 / np.sqrt(freq + 1e-3)) / np.mean(1 / np.sqrt(freq + 1e-3))
    cw[0] *= args.lawn_weight
    cw = torch.tensor(cw, dtype=torch.float32, device=dev)
    width = tuple(int(v) for v in args.width.split(","))
    model = Net(width, args.s16, aux=args.ndvi > 0, full_res=args.full_res).to(dev).to(memory_format=torch.channels_last)
    ema = Net(width, args.s16, aux=args.ndvi > 0, full_res=args.full_res).to(dev).to(memory_format=torch.channels_last)
    ema.load_state_dict(model.state_dict())
    ema.eval()
    params = sum(p.numel() for p in model.parameters() if p.requires_grad) - (sum(p.numel() for p in model.aux.parameters()) if model.aux is not None else 0)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    print(f"[{args.name}] {vars(args)}; {params} parameters; train {len(train)} real + {len(syn_train)} generated, tune {len(tune)} + {len(syn_tune)} generated", flush=True)

    n_syn = round(args.batch * args.syn) if syn_pool else 0
    best = (-1.0, None, 0, 0.0)
    history = []
    started = time.time()
    last_eval = started
    step = 0
    use_amp = dev.type == "cuda"
    while True:
        step += 1
        elapsed = time.time() - started
        frac = min(1.0, (step - 1) / args.steps if args.steps else elapsed / args.seconds)
        lr = args.lr * min(1.0, frac / 0.05 + 1e-3) * 0.5 * (1 + math.cos(math.pi * frac))
        for pg in opt.param_groups:
            pg["lr"] = lr
        model.train()
        model.with_aux = args.ndvi > 0
        x4, y, wt = sample(real_pool, args.batch - n_syn, args.size, g, dev)
        if n_syn:
            xs, ys, ws = sample(syn_pool, n_syn, args.size, g, dev)
            x4, y = torch.cat([x4, xs]), torch.cat([y, ys])
            wt = None if wt is None else torch.cat([wt, ws])
        rgb = x4[:, :3]
        x = normalise(augment(rgb, g, dev, args.haze_max)).contiguous(memory_format=torch.channels_last)
        with (torch.autocast("cuda", dtype=torch.bfloat16) if use_amp else contextlib.nullcontext()):
            out = model(x)
        if isinstance(out, tuple):
            out, aux = out
        else:
            aux = None
        logits = F.interpolate(out.float(), size=y.shape[1:], mode="bilinear", align_corners=False)
        if wt is None:
            loss = F.cross_entropy(logits, y - 1, weight=cw, ignore_index=-1)
        else:  # the same weighted mean, each pixel also weighed by the size of its lawn
            per = F.cross_entropy(logits, y - 1, weight=cw, ignore_index=-1, reduction="none")
            valid = y > 0
            loss = (per * wt)[valid].sum() / (cw[(y - 1).clamp(min=0)] * wt)[valid].sum().clamp(min=1e-6)
        if args.lovasz > 0:
            z = lawn_logodds(logits)
            valid = y > 0
            loss = loss + args.lovasz * lovasz_hinge(z[valid], (y[valid] == 1).float())
        if aux is not None:
            nir, red = x4[:, 3], rgb[:, 0]
            ndvi = (nir - red) / (nir + red + 1e-3)
            m = (nir >= 0) & (y > 0)
            a = F.interpolate(aux.float(), size=y.shape[1:], mode="bilinear", align_corners=False)[:, 0]
            if m.any():
                loss = loss + args.ndvi * F.smooth_l1_loss(a[m], ndvi[m], beta=0.05)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        with torch.no_grad():
            d = min(args.ema, (1 + step) / (10 + step))
            for e, m_ in zip(ema.state_dict().values(), model.state_dict().values()):
                if e.dtype.is_floating_point:
                    e.mul_(d).add_(m_.detach(), alpha=1 - d)
                else:
                    e.copy_(m_)
        now = time.time()
        done = (step >= args.steps if args.steps else now - started >= args.seconds) or (args.max_steps and step >= args.max_steps)
        if (step % 250 == 0 if args.steps else now - last_eval >= args.eval_every) or done:
            last_eval = now
            ema.with_aux = False
            iou = scores(predict(ema, tune, args.work_mpp, dev), tune)
            gen = scores(predict(ema, syn_tune, args.work_mpp, dev), syn_tune) if syn_tune else float("nan")
            history.append({"step": step, "s": round(now - started), "tune": round(iou, 4), "gen": round(gen, 4), "loss": round(loss.item(), 4)})
            print(f"[{args.name}] step {step} ({now - started:.0f} s) loss {loss.item():.4f} tune IoU {iou:.4f} generated tune {gen:.4f}", flush=True)
            if iou > best[0]:
                best = (iou, {k: v.clone() for k, v in ema.state_dict().items()}, step, gen)
        if done:
            break

    ema.load_state_dict(best[1])
    ema.with_aux = False
    zs = predict(ema, tune, args.work_mpp, dev)
    z, t = flat(zs, tune)
    Ts = np.exp(np.linspace(math.log(0.3), math.log(5), 120))
    nll = [F.binary_cross_entropy_with_logits(z / T, t).item() for T in Ts]
    T = float(Ts[int(np.argmin(nll))])
    p = torch.sigmoid(z / T)
    ths = np.linspace(0.2, 0.8, 61)
    ious = [(((p > th) & (t > 0.5)).sum() / ((p > th) | (t > 0.5)).sum().clamp(min=1)).item() for th in ths]
    th = float(ths[int(np.argmax(ious))])
    edges = torch.linspace(0, 1, 16, device=p.device, dtype=p.dtype)
    ece = 0.0
    for i in range(15):
        m = (p >= edges[i]) & ((p < edges[i + 1]) if i < 14 else (p <= 1))
        if m.any():
            ece += m.double().mean().item() * abs(p[m].mean().item() - t[m].mean().item())
    gen_final = scores(predict(ema, syn_tune, args.work_mpp, dev), syn_tune, T, th) if syn_tune else float("nan")
    print(f"[{args.name}] best step {best[2]} of {step}: tune IoU@0.5 {best[0]:.4f}; T {T:.3f} threshold {th:.2f} tune IoU {max(ious):.4f} ECE {ece:.4f}; generated tune {gen_final:.4f}", flush=True)

    cpu = Net(width, args.s16, aux=False, full_res=args.full_res)
    cpu.load_state_dict({k: v for k, v in best[1].items() if not k.startswith("aux.")})
    cpu.eval()
    path = os.path.join(work, args.name)
    torch.save(cpu.state_dict(), path + ".pt")
    kw = {"dynamo": False} if int(torch.__version__.split(".")[0]) >= 2 else {}
    try:
        torch.onnx.export(cpu, torch.zeros(1, 3, 256, 256), path + ".onnx", input_names=["image"], output_names=["logits"],
                          dynamic_axes={"image": {2: "h", 3: "w"}, "logits": {2: "h2", 3: "w2"}}, opset_version=13, **kw)
        digest = hashlib.sha256(open(path + ".onnx", "rb").read()).hexdigest()
    except Exception as e:  # the weights are in .pt: export them elsewhere
        print(f"[{args.name}] ONNX export failed: {e!r}", flush=True)
        digest = None
    meta = {
        "workMpp": args.work_mpp, "outputStride": 1 if args.full_res else 2, "classes": ["lawn", "tree", "paved", "other"],
        "mean": MEAN.tolist(), "std": STD.tolist(), "temperature": round(T, 4), "threshold": round(th, 3),
        "trainedOn": {"sweep": vars(args), "steps": step, "bestStep": best[2], "params": params, "device": dev.type},
        "tune": {"iou": round(max(ious), 4), "iou05": round(best[0], 4), "ece": round(ece, 4), "generatedIou": round(gen_final, 4)},
        "history": history, "sha256": digest,
    }
    json.dump(meta, open(path + ".json", "w"), indent=1)
    print(f"[{args.name}] wrote {path}.pt/.onnx, steps {step} in {time.time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
