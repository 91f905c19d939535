#!/usr/bin/python3
"""Yardstick's labelling tool for the real NAIP crops in ../shared/realgrass/naip-ca.

A label is made by eye: the labeller looks at the crop at 3x zoom (true colour and
false colour, with a pixel grid) and writes a list of edits (JSON, "ops") that
paint classes into polygons. The near-infrared band only sets the vegetation
boundary (NDVI threshold); which vegetation is lawn and which is tree or shrub,
and what is bare soil, water or a brown lawn, is the labeller's call.

  label.py view NAME [--pass P] [--quad Q]
                                       render the views (before or after edits); --quad
                                       0-3 shows one 128 x 128 quarter at 6x zoom
                                       (0 top left, 1 top right, 2 bottom left, 3 bottom right)
  label.py apply NAME [--pass P] [--quad Q]
                                       ops -> label PNG (+ views)
  label.py agree [NAME...] [--passes a,b]
                                       lawn IoU between two passes (a and b unless named)
  label.py overlays [--split test]     imagery | label panels for a split
  label.py manifest                    write the manifest from the labels present

Classes: 0 ignore, 1 lawn/grass, 2 tree canopy or shrub, 3 pavement or roof, 4 other.
Run with the system /usr/bin/python3 (numpy, PIL, scipy from Debian).
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageDraw
from scipy import ndimage

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = os.environ.get("REALGRASS_DIR", os.path.abspath(os.path.join(ROOT, "..", "shared", "realgrass")))
IMAGES = os.path.join(DATA, "naip-ca")
LABELS = os.environ.get("LABELS_DIR", os.path.join(ROOT, "bench", "grass", "real", "naip-ca"))
VIEWS = os.environ.get("LABEL_VIEWS", "/tmp/label-views")
ZOOM = 3
GRID = 32
QUAD_ZOOM = 6
QUAD_GRID = 16

CLASSES = {"ignore": 0, "lawn": 1, "tree": 2, "paved": 3, "other": 4}
COLOURS = {0: (255, 0, 255), 1: (120, 255, 60), 2: (0, 90, 40), 3: (150, 150, 150), 4: (230, 140, 30)}
TOWN_SPLIT = {"long_beach": "test", "claremont": "tune", "chico": "train", "riverside": "train",
              "eureka": "train", "bishop": "train"}


def town_of(name):
    return name.rsplit("_", 2)[0]


def load(name):
    rgb = np.asarray(Image.open(os.path.join(IMAGES, name + ".png")).convert("RGB")).astype(np.float32)
    nir = np.asarray(Image.open(os.path.join(IMAGES, name + ".nir.png")).convert("L")).astype(np.float32)
    return rgb, nir


def ndvi_of(rgb, nir):
    r = rgb[..., 0]
    return (nir - r) / (nir + r + 1e-6)


def otsu(values, lo, hi):
    v = values[(values > -1) & (values < 1)].ravel()
    hist, edges = np.histogram(v, bins=200, range=(-1, 1))
    centres = (edges[:-1] + edges[1:]) / 2
    w0 = np.cumsum(hist)
    w1 = w0[-1] - w0
    m0 = np.cumsum(hist * centres)
    mu0 = m0 / np.maximum(w0, 1)
    mu1 = (m0[-1] - m0) / np.maximum(w1, 1)
    between = w0 * w1 * (mu0 - mu1) ** 2
    t = centres[int(np.argmax(between))]
    return float(min(max(t, lo), hi))


def texture_of(rgb, nir):
    """Local standard deviation of the near-infrared band (5 x 5): tree crowns are
    rough, mown lawns are smooth. A helper scope for the labeller, never a label."""
    mean = ndimage.uniform_filter(nir, 5)
    sq = ndimage.uniform_filter(nir * nir, 5)
    return np.sqrt(np.maximum(sq - mean * mean, 0))


def ops_path(name, pass_):
    return os.path.join(LABELS, "ops", f"{name}.{pass_}.json")


def label_path(name, pass_):
    if pass_ == "a":
        return os.path.join(LABELS, f"{name}.label.png")
    return os.path.join(LABELS, "second", f"{name}.{pass_}.label.png")


def polygon_mask(shape, op):
    h, w = shape
    img = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(img)
    if "rect" in op:
        x0, y0, x1, y1 = op["rect"]
        d.rectangle([min(x0, x1), min(y0, y1), max(x0, x1) - 1, max(y0, y1) - 1], fill=1)
    elif "poly" in op:
        pts = [tuple(p) for p in op["poly"]]
        if len(pts) < 3:
            raise ValueError(f"polygon needs 3 points: {op}")
        d.polygon(pts, fill=1, outline=1)
    elif "circle" in op:
        cx, cy, r = op["circle"]
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=1, outline=1)
    elif op.get("everywhere"):
        return np.ones(shape, bool)
    else:
        raise ValueError(f"op needs rect, poly, circle or everywhere: {op}")
    return np.asarray(img, dtype=bool)


def build(name, spec):
    rgb, nir = load(name)
    ndvi = ndvi_of(rgb, nir)
    t = spec.get("ndvi")
    if t is None:
        t = otsu(ndvi, 0.05, 0.35)
    veg = ndvi > t
    # a 3 x 3 majority vote takes single speckle pixels out of the boundary
    veg = ndimage.uniform_filter(veg.astype(np.float32), 3) > 0.5
    tex = texture_of(rgb, nir)
    rough_t = float(spec.get("rough", 9.0))
    rough = tex > rough_t
    # Start: vegetation = tree/shrub, the rest = pavement/roof. The labeller paints
    # every lawn, every brown lawn, soil, water and pool explicitly.
    lab = np.where(veg, 2, 3).astype(np.uint8)
    scopes = {
        "all": np.ones_like(veg),
        "veg": veg,
        "nonveg": ~veg,
        "veg-smooth": veg & ~rough,
        "veg-rough": veg & rough,
    }
    for op in spec.get("ops", []):
        c = op["c"]
        code = CLASSES[c] if isinstance(c, str) else int(c)
        scope = scopes[op.get("in", "all")]
        if "from" in op:
            fr = op["from"]
            scope = scope & (lab == (CLASSES[fr] if isinstance(fr, str) else int(fr)))
        m = polygon_mask(lab.shape, op) & scope
        lab[m] = code
    return lab, rgb, nir, t


def draw_grid(img, zoom, grid=GRID, origin=(0, 0)):
    """Grid lines every `grid` crop pixels, numbered in the crop's own coordinates
    (a quarter view starts at `origin`, so edits are always written in crop pixels)."""
    d = ImageDraw.Draw(img)
    w, h = img.size
    ox, oy = origin
    for v in range(0, max(w, h) // zoom + 1, grid):
        p = v * zoom
        d.line([(p, 0), (p, h)], fill=(255, 255, 0), width=1)
        d.line([(0, p), (w, p)], fill=(255, 255, 0), width=1)
        d.text((p + 2, 1), str(v + ox), fill=(255, 255, 0))
        d.text((1, p + 2), str(v + oy), fill=(255, 255, 0))
    return img


def upscale(arr, zoom=ZOOM):
    h, w = arr.shape[:2]
    return Image.fromarray(arr.astype(np.uint8)).resize((w * zoom, h * zoom), Image.NEAREST)


def colour_label(lab):
    out = np.zeros(lab.shape + (3,), np.uint8)
    for k, c in COLOURS.items():
        out[lab == k] = c
    return out


def edges_of(lab):
    e = np.zeros(lab.shape, bool)
    e[:-1] |= lab[:-1] != lab[1:]
    e[:, :-1] |= lab[:, :-1] != lab[:, 1:]
    return e


def render(name, lab, rgb, nir, out_dir, suffix="", quad=None):
    """Writes NAME<suffix>.view.png (true colour | label over it) and NAME.fc.png (false
    colour), the whole crop at 3x zoom, or with `quad` one quarter (128 x 128) at 6x."""
    os.makedirs(out_dir, exist_ok=True)
    zoom, grid, origin, part = ZOOM, GRID, (0, 0), ""
    rgb8 = np.clip(rgb, 0, 255)
    # true colour, stretched a little so shade shows
    lo, hi = np.percentile(rgb8, 1), np.percentile(rgb8, 99.5)
    tc = np.clip((rgb8 - lo) / max(hi - lo, 1) * 255, 0, 255)
    fc = np.stack([nir, rgb8[..., 0], rgb8[..., 1]], -1)
    flo, fhi = np.percentile(fc, 1), np.percentile(fc, 99.5)
    fc = np.clip((fc - flo) / max(fhi - flo, 1) * 255, 0, 255)
    over = tc * 0.5 + colour_label(lab) * 0.5
    e = edges_of(lab)
    over[e] = (255, 0, 0)
    if quad is not None:
        qh, qw = lab.shape[0] // 2, lab.shape[1] // 2
        ox, oy = (quad % 2) * qw, (quad // 2) * qh
        zoom, grid, origin = QUAD_ZOOM, QUAD_GRID, (ox, oy)
        tc, over, fc = (x[oy:oy + qh, ox:ox + qw] for x in (tc, over, fc))
        part = f".q{quad}"
    left = draw_grid(upscale(tc, zoom).convert("RGB"), zoom, grid, origin)
    right = draw_grid(upscale(over, zoom).convert("RGB"), zoom, grid, origin)
    both = Image.new("RGB", (left.width * 2, left.height))
    both.paste(left, (0, 0))
    both.paste(right, (left.width, 0))
    p1 = os.path.join(out_dir, f"{name}{suffix}{part}.view.png")
    both.save(p1)
    p2 = os.path.join(out_dir, f"{name}{part}.fc.png")
    draw_grid(upscale(fc, zoom).convert("RGB"), zoom, grid, origin).save(p2)
    return p1, p2


def read_spec(name, pass_):
    p = ops_path(name, pass_)
    if os.path.exists(p):
        with open(p) as f:
            return json.load(f)
    return {"ops": []}


def summary(lab):
    n = lab.size
    return ", ".join(f"{k} {100 * np.mean(lab == v):.1f}%" for k, v in CLASSES.items())


def cmd_view(name, pass_, quad=None):
    lab, rgb, nir, t = build(name, read_spec(name, pass_))
    p1, p2 = render(name, lab, rgb, nir, VIEWS, f".{pass_}", quad)
    print(f"{name} pass {pass_}: NDVI threshold {t:.3f}; {summary(lab)}")
    print(f"views: {p1} (true colour | label over it), {p2} (false colour: NIR,R,G)")


def cmd_apply(name, pass_, quad=None):
    spec = read_spec(name, pass_)
    if not os.path.exists(ops_path(name, pass_)):
        sys.exit(f"no ops file {ops_path(name, pass_)}")
    lab, rgb, nir, t = build(name, spec)
    p = label_path(name, pass_)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    Image.fromarray(lab, "L").save(p, optimize=True)
    p1, _ = render(name, lab, rgb, nir, VIEWS, f".{pass_}", quad)
    print(f"{name} pass {pass_}: wrote {os.path.relpath(p, ROOT)}; {summary(lab)}; view {p1}")


def cmd_agree(names, passes=("a", "b")):
    tot_i = tot_u = 0
    for name in names:
        a = np.asarray(Image.open(label_path(name, passes[0])))
        b = np.asarray(Image.open(label_path(name, passes[1])))
        valid = (a != 0) & (b != 0)
        A, B = (a == 1) & valid, (b == 1) & valid
        i, u = int(np.sum(A & B)), int(np.sum(A | B))
        tot_i += i
        tot_u += u
        agree = float(np.mean(a[valid] == b[valid])) if valid.any() else 1.0
        print(f"{name}: lawn IoU {i / u if u else 1:.3f} (lawn a {A.sum()} px, b {B.sum()} px), all-class agreement {agree:.3f}")
    if names:
        print(f"pooled lawn IoU {tot_i / tot_u if tot_u else 1:.3f} over {len(names)} crops")


def cmd_overlays(split, out_dir):
    names = sorted(n[: -len(".label.png")] for n in os.listdir(LABELS) if n.endswith(".label.png"))
    names = [n for n in names if TOWN_SPLIT.get(town_of(n)) == split]
    os.makedirs(out_dir, exist_ok=True)
    for n in names:
        rgb, nir = load(n)
        lab = np.asarray(Image.open(label_path(n, "a")))
        render(n, lab, rgb, nir, out_dir)
    print(f"{len(names)} overlays in {out_dir}")


def cmd_manifest():
    names = sorted(n[: -len(".label.png")] for n in os.listdir(LABELS) if n.endswith(".label.png"))
    with open(os.path.join(IMAGES, "manifest.json")) as f:
        src = {x["name"]: x for x in json.load(f)["files"]}
    files = []
    for n in names:
        s = src[n]
        second = os.path.exists(label_path(n, "b"))
        files.append({"name": n, "town": s["city"], "split": TOWN_SPLIT[s["city"]], "mpp": s["mpp"],
                      "image": f"naip-ca/{n}.png", "nir": f"naip-ca/{n}.nir.png", "label": f"{n}.label.png",
                      "ops": f"ops/{n}.a.json", "secondPass": f"second/{n}.b.label.png" if second else None,
                      "centre": s["centre"]})
    manifest = {
        "source": "naip-ca",
        "title": "USDA NAIP 2020, 0.6 m, six Californian towns: Yardstick's own per-pixel labels",
        "imagesIn": "../shared/realgrass/naip-ca (never committed here)",
        "licence": "imagery public domain (USDA); labels Yardstick's own",
        "commercialUseAllowed": True,
        "classMap": {"0": "ignore", "1": "lawn / grass", "2": "tree canopy or shrub", "3": "pavement or roof", "4": "other"},
        "splits": {"test": ["long_beach"], "tune": ["claremont"], "train": ["chico", "riverside", "eureka", "bishop"]},
        "protocol": "docs/labelling.md",
        "files": files,
    }
    with open(os.path.join(LABELS, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    from collections import Counter
    print(Counter(x["split"] for x in files), Counter(x["town"] for x in files),
          "second passes:", sum(1 for x in files if x["secondPass"]))


def main(argv):
    if len(argv) < 1:
        sys.exit(__doc__)
    cmd = argv[0]

    def option(flag):
        return argv[argv.index(flag) + 1] if flag in argv else None

    pass_ = option("--pass") or "a"
    if not (len(pass_) == 1 and pass_.islower()):
        sys.exit("a pass is one lower-case letter (a is the label, b the second pass)")
    quad = option("--quad")
    if quad is not None and quad not in ("0", "1", "2", "3"):
        sys.exit("--quad is 0 (top left), 1 (top right), 2 (bottom left) or 3 (bottom right)")
    quad = None if quad is None else int(quad)
    if cmd == "view":
        cmd_view(argv[1], pass_, quad)
    elif cmd == "apply":
        cmd_apply(argv[1], pass_, quad)
    elif cmd == "agree":
        passes = tuple((option("--passes") or "a,b").split(","))
        if len(passes) != 2:
            sys.exit("--passes names two passes, as in a,b")
        names = [n for n in argv[1:] if not n.startswith("--") and n != option("--passes")]
        names = names or sorted({n.split(".")[0] for n in os.listdir(os.path.join(LABELS, "second"))
                                 if n.endswith(f".{passes[1]}.label.png")})
        cmd_agree(names, passes)
    elif cmd == "overlays":
        split = option("--split") or "test"
        cmd_overlays(split, os.path.join(ROOT, "bench", "grass", "real", "overlays", split))
    elif cmd == "manifest":
        cmd_manifest()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
