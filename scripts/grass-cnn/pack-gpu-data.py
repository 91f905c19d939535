#!/usr/bin/python3
"""Packs what train-gpu.py trains on, small enough to carry to a GPU machine (~27 MB):
the train and tune splits of our naip-ca labels (never the test split) as JPEG
(RGB q93, near-infrared q90, for the training-only NDVI option) with their labels,
and 120 generated training yards and the 40 generated tuning yards resampled to
0.3 m per pixel.
  node --import tsx scripts/grass-cnn/export-synthetic.ts tmp/synthetic 208
  node --import tsx scripts/grass-cnn/export-synthetic.ts tmp/synthetic-tune 40 --tune
  /usr/bin/python3 scripts/grass-cnn/pack-gpu-data.py
Writes tmp/grass-gpu/{real,syn}/ and tmp/grass-gpu/{real,syn}.json (GRASS_GPU_DATA to
write elsewhere). Needs Debian's python3-pil."""
import json, os, sys
from PIL import Image

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.environ.get("REALGRASS_DIR", os.path.abspath(os.path.join(ROOT, "..", "shared", "realgrass")))
LABELS = os.path.join(ROOT, "bench", "grass", "real", "naip-ca")
OUT = os.environ.get("GRASS_GPU_DATA", os.path.join(ROOT, "tmp", "grass-gpu"))
os.makedirs(os.path.join(OUT, "real"), exist_ok=True)
os.makedirs(os.path.join(OUT, "syn"), exist_ok=True)

files = json.load(open(os.path.join(LABELS, "manifest.json")))["files"]
real = []
for x in files:
    if x["split"] not in ("train", "tune"):
        continue  # the test split never leaves this machine
    img = Image.open(os.path.join(DATA, x["image"])).convert("RGB")
    nir_path = os.path.join(DATA, x["image"][:-4] + ".nir.png")
    nir = Image.open(nir_path).convert("L")
    lab = Image.open(os.path.join(LABELS, x["label"])).convert("L")
    img.save(os.path.join(OUT, "real", x["name"] + ".jpg"), quality=93)
    nir.save(os.path.join(OUT, "real", x["name"] + ".nir.jpg"), quality=90)
    lab.save(os.path.join(OUT, "real", x["name"] + ".label.png"), optimize=True)
    real.append({"name": x["name"], "split": x["split"], "mpp": x["mpp"]})
json.dump(real, open(os.path.join(OUT, "real.json"), "w"))

syn = []
# how many generated training yards (default 120, what the GPU sweep of 2026-11-27 packed; "all"
# takes every exported one, with TRAIN's shade and season copies: export 256 for those)
syn_train = sys.argv[1] if len(sys.argv) > 1 else "120"
for folder, split, limit in (("tmp/synthetic", "train", None if syn_train == "all" else int(syn_train)), ("tmp/synthetic-tune", "tune", 40)):
    m = json.load(open(os.path.join(ROOT, folder, "manifest.json")))["files"][:limit]
    for x in m:
        img = Image.open(os.path.join(ROOT, folder, x["name"] + ".png")).convert("RGB")
        lab = Image.open(os.path.join(ROOT, folder, x["name"] + ".label.png")).convert("L")
        f = x["mpp"] / 0.3
        W, H = max(8, round(img.width * f)), max(8, round(img.height * f))
        img = img.resize((W, H), Image.BOX)
        lab = lab.resize((W, H), Image.NEAREST)
        name = split + "_" + x["name"]
        img.save(os.path.join(OUT, "syn", name + ".jpg"), quality=92)
        lab.save(os.path.join(OUT, "syn", name + ".label.png"), optimize=True)
        syn.append({"name": name, "split": split, "mpp": 0.3})
json.dump(syn, open(os.path.join(OUT, "syn.json"), "w"))
print(len(real), "real,", len(syn), "generated")
