#!/usr/bin/env python3
"""Regenerates every image of the Stories & Gallery content (SG-8) into Sources/Stories/Content/images (run from anywhere).

Our own art (story covers, the abstract gallery) is drawn here with Pillow from fixed seeds, so
the files come out the same on every run. The photos come from scikit-image's bundled sample data
(public domain or CC0, see CREDITS.md) and are only resized or cropped here.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow scikit-image
    /tmp/venv/bin/python scripts/make-stories-art.py

Each image is written at every width of WIDTHS below its own width, plus its full width capped
at 1280 (never upscaled), as <name>-<width>.jpg (quality 82) or .png for flat art. The script
prints the size table content.json needs.
"""
import json
import math
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Sources", "Stories", "Content", "images")
WIDTHS = (320, 640, 1280)
MAX_WIDTH = 1280
# The gallery viewer zooms to 3x (SG-5, issue 37). Full detail there would need the picture's slot
# (at most the screen's width: 1180 CSS px on an iPad in landscape) x 3 (zoom) x 3 (a 3x screen)
# = 10,620 px; a 3x phone (375 CSS px) needs 375 x 3 x 3 = 3,375. The art drawn here has no
# limit of its own, so its gallery pictures also come at ZOOM_SCALES times their base width,
# drawn again at that size (never upscaled): 2560 and 3840 for a 1280 base, which covers a 3x
# zoom on every phone and on a 2x iPad in portrait (820 x 3 x 2 = 4,920 needs the 3840 at a
# little under full detail), for 1.15 MB more in the repository. Full detail is not worth it: a
# 10,620 px square decodes to 10,620² x 4 bytes = 451 MB in the browser. The photos stay at their originals' widths (512 to 1000 px): scikit-image
# has no larger copies, and an upscaled file adds bytes, not detail.
ZOOM_SCALES = (2, 3)
ZOOM_ART = ("art-circles", "art-waves", "art-rays", "art-blocks")


def lerp(a, b, t):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def vgradient(size, stops):
    """A vertical gradient through (position 0…1, rgb) stops."""
    w, h = size
    img = Image.new("RGB", size)
    draw = ImageDraw.Draw(img)
    for y in range(h):
        t = y / max(1, h - 1)
        for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
            if p0 <= t <= p1:
                draw.line([(0, y), (w, y)], fill=lerp(c0, c1, (t - p0) / max(1e-9, p1 - p0)))
                break
    return img


def overlay(img, draw_fn):
    """Draws translucent shapes on a layer and composites it."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw_fn(ImageDraw.Draw(layer))
    return Image.alpha_composite(img.convert("RGBA"), layer).convert("RGB")


def stars(draw, rng, w, h, count, max_y):
    for _ in range(count):
        x, y, r = rng.uniform(0, w), rng.uniform(0, max_y), rng.choice((1, 1, 1.5, 2))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(255, 250, 230))


# --- story covers ---------------------------------------------------------------------------

def lighthouse():
    w, h = 1280, 1600
    rng = random.Random(1)
    img = vgradient((w, h), [(0, (14, 22, 56)), (0.55, (64, 58, 110)), (0.68, (242, 150, 90)),
                             (0.70, (30, 58, 88)), (1, (8, 22, 40))])
    draw = ImageDraw.Draw(img)
    stars(draw, rng, w, h, 160, h * 0.5)
    # rocks
    draw.polygon([(380, 1190), (560, 1060), (900, 1080), (1080, 1190)], fill=(22, 26, 34))
    # tower: a tapering trunk with red bands
    base, top, cx = 1100, 520, 720
    draw.polygon([(cx - 120, base), (cx - 75, top), (cx + 75, top), (cx + 120, base)], fill=(236, 232, 222))
    for band in range(3):
        y0 = top + 90 + band * 170
        y1 = y0 + 70
        t0, t1 = (y0 - top) / (base - top), (y1 - top) / (base - top)
        draw.polygon([(cx - 75 - 45 * t0, y0), (cx + 75 + 45 * t0, y0),
                      (cx + 75 + 45 * t1, y1), (cx - 75 - 45 * t1, y1)], fill=(190, 40, 30))
    draw.rectangle([cx - 95, top - 20, cx + 95, top], fill=(40, 40, 48))
    draw.rectangle([cx - 60, top - 130, cx + 60, top - 20], fill=(255, 226, 120))
    draw.polygon([(cx - 80, top - 130), (cx, top - 210), (cx + 80, top - 130)], fill=(40, 40, 48))
    img = overlay(img, lambda d: (
        d.polygon([(cx, top - 75), (0, top - 330), (0, top + 110)], fill=(255, 236, 150, 70)),
        d.polygon([(cx, top - 75), (w, top - 260), (w, top + 40)], fill=(255, 236, 150, 45))))
    draw = ImageDraw.Draw(img)
    for i in range(70):  # glints on the water
        y = rng.uniform(h * 0.72, h)
        x = rng.uniform(0, w)
        draw.line([(x, y), (x + rng.uniform(20, 90), y)], fill=(120, 150, 190), width=2)
    return img


def mountains():
    w, h = 1280, 853
    rng = random.Random(2)
    img = vgradient((w, h), [(0, (122, 180, 226)), (0.6, (250, 214, 170)), (1, (250, 230, 200))])
    draw = ImageDraw.Draw(img)
    draw.ellipse([880, 150, 1000, 270], fill=(255, 244, 210))
    layers = [((156, 170, 200), 0.42, 170), ((110, 128, 168), 0.55, 140),
              ((70, 92, 130), 0.68, 110), ((40, 60, 86), 0.82, 80)]
    for colour, level, amp in layers:
        points, y = [(0, h)], h * level
        for x in range(0, w + 40, 40):
            y = min(h, max(h * 0.2, y + rng.uniform(-amp, amp) * 0.35))
            points.append((x, y))
        points.append((w, h))
        draw.polygon(points, fill=colour)
    return img.filter(ImageFilter.SMOOTH)


def sailing():
    w, h = 1280, 1280
    rng = random.Random(3)
    img = vgradient((w, h), [(0, (255, 196, 140)), (0.58, (255, 232, 196)), (0.6, (58, 120, 160)),
                             (1, (20, 60, 96))])
    draw = ImageDraw.Draw(img)
    draw.ellipse([180, 520, 420, 760], fill=(255, 150, 90))
    draw.rectangle([0, 768, w, h], fill=(46, 104, 144))
    for i in range(90):
        y = rng.uniform(790, h)
        x = rng.uniform(0, w)
        draw.arc([x, y, x + 60, y + 20], 200, 340, fill=(150, 196, 220), width=3)
    # the boat: hull, mast, two sails
    draw.polygon([(480, 860), (960, 860), (900, 930), (540, 930)], fill=(120, 52, 30))
    draw.line([(720, 300), (720, 860)], fill=(70, 40, 30), width=10)
    draw.polygon([(730, 320), (730, 840), (950, 840)], fill=(250, 246, 236))
    draw.polygon([(710, 380), (710, 840), (520, 840)], fill=(236, 226, 206))
    draw.polygon([(720, 300), (800, 318), (720, 336)], fill=(200, 50, 40))
    return img


def city():
    w, h = 1280, 720
    rng = random.Random(4)
    img = vgradient((w, h), [(0, (10, 12, 36)), (0.7, (52, 36, 92)), (1, (120, 60, 110))])
    draw = ImageDraw.Draw(img)
    stars(draw, rng, w, h, 90, h * 0.4)
    draw.ellipse([1040, 70, 1130, 160], fill=(250, 246, 220))
    draw.ellipse([1065, 60, 1150, 150], fill=(14, 16, 42))
    for row, (shade, y_min) in enumerate([((34, 30, 64), 200), ((18, 16, 36), 300)]):
        x = -20
        while x < w:
            bw = rng.randint(60, 150)
            top = rng.randint(y_min, y_min + 220)
            draw.rectangle([x, top, x + bw, h], fill=shade)
            for wy in range(top + 16, h - 20, 28):
                for wx in range(x + 12, x + bw - 16, 22):
                    if rng.random() < (0.35 if row == 0 else 0.5):
                        draw.rectangle([wx, wy, wx + 9, wy + 13],
                                       fill=rng.choice([(255, 214, 120), (255, 236, 170), (180, 220, 255)]))
            x += bw + rng.randint(0, 12)
    return img


# --- the abstract gallery -------------------------------------------------------------------

# Each is drawn at `scale` times its base size (1280 wide, or 1024 for rays) from the same
# seeds and shapes: scale 1 gives the files the pages always had, scale 3 the zoom renditions.

def circles(scale=1):
    w, h = 1280 * scale, 1280 * scale
    rng = random.Random(5)
    img = vgradient((w, h), [(0, (250, 238, 220)), (1, (236, 200, 210))])
    palette = [(243, 175, 34), (61, 172, 247), (232, 122, 164), (142, 90, 247), (70, 124, 36)]

    def shapes(d):
        for _ in range(28):
            r = rng.uniform(60, 260) * scale
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            d.ellipse([x - r, y - r, x + r, y + r], fill=rng.choice(palette) + (110,))
    return overlay(img, shapes)


def blocks(scale=1):
    """Flat shapes in the Bauhaus manner: PNG."""
    k = lambda *values: [v * scale for v in values]
    w, h = k(1280, 960)
    img = Image.new("RGB", (w, h), (242, 234, 218))
    d = ImageDraw.Draw(img)
    d.rectangle(k(80, 80, 560, 560), fill=(190, 40, 19))
    d.ellipse(k(420, 300, 1000, 880), fill=(56, 2, 218))
    d.polygon([tuple(k(760, 80)), tuple(k(1200, 80)), tuple(k(1200, 520))], fill=(243, 175, 34))
    d.rectangle(k(80, 640, 380, 880), fill=(15, 46, 63))
    d.line([tuple(k(0, 600)), (w, 600 * scale)], fill=(15, 46, 63), width=14 * scale)
    d.line([tuple(k(640, 0)), (640 * scale, h)], fill=(15, 46, 63), width=14 * scale)
    d.pieslice(k(960, 620, 1240, 900), 180, 360, fill=(70, 124, 36))
    return img


def waves(scale=1):
    w, h = 1280 * scale, 853 * scale
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    colours = [(15, 46, 63), (33, 90, 120), (61, 172, 247), (150, 210, 240), (240, 127, 90),
               (243, 175, 34), (250, 230, 190)]
    bands = len(colours)
    step = 8 if scale == 1 else 4  # the outline's points: finer when larger, so no corner shows
    for i, colour in enumerate(colours):
        base = h * (i + 1) / bands
        points = [(0, h)] + [(x, base - scale * (60 * math.sin(x / scale / 150 + i * 0.8) + 25 * math.sin(x / scale / 47 + i)))
                             for x in range(0, w + step, step)] + [(w, h)]
        if i == 0:
            d.rectangle([0, 0, w, h], fill=colour)
        d.polygon(points, fill=colour)
    return img


def rays(scale=1):
    w, h = 1024 * scale, 1280 * scale
    img = vgradient((w, h), [(0, (33, 55, 17)), (1, (81, 19, 7))])
    cx, cy = w / 2, h * 0.62

    def shapes(d):
        for i in range(36):
            a0, a1 = math.radians(i * 10), math.radians(i * 10 + 5)
            r = 1600 * scale
            d.polygon([(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                       (cx + r * math.cos(a1), cy + r * math.sin(a1))],
                      fill=(243, 175, 34, 60 if i % 2 else 100))
        for k, r in enumerate((300 * scale, 220 * scale, 140 * scale)):
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=[(240, 127, 90, 200), (232, 122, 164, 220),
                                                             (250, 240, 220, 255)][k])
    return overlay(img, shapes)


# --- photos from scikit-image ---------------------------------------------------------------

def photos():
    """name -> image: the sample photos (public domain or CC0), some cropped to other shapes."""
    from skimage import data as skdata
    out = {}
    rgb = lambda a: Image.fromarray(a).convert("RGB")
    out["astronaut"] = rgb(skdata.astronaut())
    out["rocket"] = rgb(skdata.rocket())
    hubble = rgb(skdata.hubble_deep_field())
    out["hubble"] = hubble
    out["hubble-portrait"] = hubble.crop((150, 0, 150 + 698, 872))  # 4:5
    chelsea = rgb(skdata.chelsea())
    out["chelsea"] = chelsea
    out["chelsea-face"] = chelsea.crop((60, 0, 300, 300))  # 4:5
    coffee = rgb(skdata.coffee())
    out["coffee"] = coffee
    out["coffee-cup"] = coffee.crop((100, 0, 500, 400))  # square
    for name in ("brick", "grass", "gravel", "camera"):
        out[name] = rgb(getattr(skdata, name)())
    return out


def save(name, img, fmt="jpg", larger=()):
    """Writes `img` at WIDTHS (and its own width, capped at MAX_WIDTH), and each image of
    `larger` (the same picture drawn bigger) at its own width."""
    native = img.width
    widths = [x for x in WIDTHS if x < native] + [min(native, MAX_WIDTH)]
    widths = sorted(set(widths))
    for big in larger:
        path = os.path.join(OUT, f"{name}-{big.width}.{fmt}")
        if fmt == "png":
            big.save(path, optimize=True)
        else:
            big.save(path, quality=82, optimize=True, progressive=True)
    for width in widths:
        height = round(img.height * width / img.width)
        resized = img if width == img.width else img.resize((width, height), Image.LANCZOS)
        path = os.path.join(OUT, f"{name}-{width}.{fmt}")
        if fmt == "png":
            resized.save(path, optimize=True)
        else:
            resized.save(path, quality=82, optimize=True, progressive=True)
    widths += [big.width for big in larger]
    largest = widths[-1]
    return {"file": f"{name}.{fmt}", "width": largest,
            "height": round(img.height * largest / img.width), "widths": widths}


def main():
    os.makedirs(OUT, exist_ok=True)
    table = {}
    art = {"lighthouse": lighthouse, "mountains": mountains, "sailing": sailing, "city-night": city,
           "art-circles": circles, "art-waves": waves, "art-rays": rays}
    for name, fn in art.items():
        larger = [fn(scale) for scale in ZOOM_SCALES] if name in ZOOM_ART else []
        table[name] = save(name, fn(), larger=larger)
    table["art-blocks"] = save("art-blocks", blocks(), "png", larger=[blocks(scale) for scale in ZOOM_SCALES])
    if "--art-only" not in sys.argv:
        for name, img in photos().items():
            table[name] = save(name, img)
    json.dump(table, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
