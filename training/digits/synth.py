"""Procedural renders of meter digit cells (our own data, no third-party images).

A drum render places digits 0..9 on a vertical strip with pitch P and cuts a
window whose centre sits at value * P, so value 3.5 shows the lower half of a 3
on top and the upper half of a 4 below it (the wheel rolls upward, like the real
crops). Seven-segment renders only exist at whole values (LCDs do not roll).
Glyphs come from the DejaVu TrueType fonts (via OpenCV's freetype module) and
OpenCV's built-in Hershey vector fonts.
"""
import glob
import os

import cv2
import numpy as np

OUT_W, OUT_H = 20, 32
SCALE = 4  # render at 4x, then area-downsample
W, H = OUT_W * SCALE, OUT_H * SCALE

FONT_DIR = '/usr/share/fonts/truetype/dejavu'
HERSHEY = {'simplex': cv2.FONT_HERSHEY_SIMPLEX, 'duplex': cv2.FONT_HERSHEY_DUPLEX,
           'complex': cv2.FONT_HERSHEY_COMPLEX, 'triplex': cv2.FONT_HERSHEY_TRIPLEX,
           'plain': cv2.FONT_HERSHEY_PLAIN}

# segments a..g: top, top-right, bottom-right, bottom, bottom-left, top-left, middle
SEGMENTS = {0: 'abcdef', 1: 'bc', 2: 'abged', 3: 'abgcd', 4: 'fgbc', 5: 'afgcd',
            6: 'afgedc', 7: 'abc', 8: 'abcdefg', 9: 'abcdfg'}


def _ink_crop(mask):
    ys, xs = np.nonzero(mask > 20)
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _freetype_glyphs(path):
    ft = cv2.freetype.createFreeType2()
    ft.loadFontData(path, 0)
    glyphs = []
    for d in range(10):
        img = np.zeros((220, 160, 3), np.uint8)
        ft.putText(img, str(d), (20, 180), 120, (255, 255, 255), -1, cv2.LINE_AA, True)
        glyphs.append(_ink_crop(img[:, :, 0]))
    return glyphs


def _hershey_glyphs(font, thickness):
    glyphs = []
    for d in range(10):
        img = np.zeros((220, 160), np.uint8)
        cv2.putText(img, str(d), (20, 170), font, 4.0, 255, thickness, cv2.LINE_AA)
        glyphs.append(_ink_crop(img))
    return glyphs


# Typefaces never used for training renders: the test fixtures are drawn with these
# only, so the fixture accuracy measures fonts the model has not seen.
HELD_OUT = ('DejaVuSansCondensed-Bold', 'DejaVuSerif', 'hershey-duplex-10')


def load_glyph_sets(held_out):
    """Named glyph sets (ten grayscale ink masks each, digit 0..9): the HELD_OUT ones or all others."""
    sets = {}
    for path in sorted(glob.glob(os.path.join(FONT_DIR, 'DejaVu*.ttf'))):
        name = os.path.basename(path)[:-4]
        if 'MathTeX' not in name and 'ExtraLight' not in name:
            sets[name] = lambda p=path: _freetype_glyphs(p)
    for font_name, font in HERSHEY.items():
        for thickness in (6, 10, 14):
            sets[f'hershey-{font_name}-{thickness}'] = lambda f=font, t=thickness: _hershey_glyphs(f, t)
    return {name: make() for name, make in sets.items() if (name in HELD_OUT) == held_out}


def _colours(rng):
    """Foreground/background BGR-free RGB pairs: light-on-dark, dark-on-light, white-on-red."""
    kind = rng.random()
    tint = rng.uniform(-40, 40, 3)
    if kind < 0.42:
        bg = np.clip(rng.uniform(10, 90) + tint, 0, 255)
        fg = np.clip(rng.uniform(170, 255) + tint * 0.5, 0, 255)
    elif kind < 0.78:
        bg = np.clip(rng.uniform(160, 255) + tint, 0, 255)
        fg = np.clip(rng.uniform(0, 80) + tint * 0.5, 0, 255)
    elif kind < 0.92:
        bg = np.array([rng.uniform(140, 230), rng.uniform(10, 70), rng.uniform(10, 70)])
        fg = np.clip(rng.uniform(200, 255) + tint * 0.3, 0, 255)
    else:  # red numerals on a light drum (fractional drums of many water meters)
        bg = np.clip(rng.uniform(170, 250) + tint * 0.5, 0, 255)
        fg = np.array([rng.uniform(150, 230), rng.uniform(0, 60), rng.uniform(0, 60)])
    return fg, bg


def _paste(canvas_ink, glyph, cx, cy, w, h):
    g = cv2.resize(glyph, (max(1, int(w)), max(1, int(h))), interpolation=cv2.INTER_AREA)
    x0, y0 = int(round(cx - g.shape[1] / 2)), int(round(cy - g.shape[0] / 2))
    xa, ya = max(0, x0), max(0, y0)
    xb, yb = min(W, x0 + g.shape[1]), min(H, y0 + g.shape[0])
    if xa >= xb or ya >= yb:
        return
    sub = g[ya - y0:yb - y0, xa - x0:xb - x0]
    np.maximum(canvas_ink[ya:yb, xa:xb], sub, out=canvas_ink[ya:yb, xa:xb])


def _finish(ink, fg, bg, rng, drum):
    a = (ink.astype(np.float32) / 255.0)[:, :, None]
    img = bg[None, None, :] * (1 - a) + fg[None, None, :] * a
    if drum:  # cylinder shading: darker towards the top and bottom of the window
        y = (np.arange(H, dtype=np.float32) - H / 2) / (H / 2)
        img *= (1 - rng.uniform(0, 0.5) * y ** 2)[:, None, None]
    if rng.random() < 0.5:  # dark window frame on the left/right edges
        frame = rng.uniform(0, 60)
        lw, rw = int(rng.uniform(0, 10)), int(rng.uniform(0, 10))
        if lw:
            img[:, :lw] = frame
        if rw:
            img[:, W - rw:] = frame
    light = rng.uniform(0.6, 1.2) * (1 + rng.uniform(-0.3, 0.3) * np.linspace(-1, 1, W))[None, :, None]
    img = np.clip(img * light, 0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 3.5))
    img = cv2.resize(img, (OUT_W, OUT_H), interpolation=cv2.INTER_AREA).astype(np.float32)
    img += rng.normal(0, rng.uniform(0, 8), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode('.jpg', img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(30, 95))])
        img = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    return img


def render_drum(value, glyphs, rng):
    """One RGB 32x20 crop of a drum wheel at `value` in [0, 10)."""
    k = int(np.floor(value))
    frac = value - k
    h = H * rng.uniform(0.55, 0.8)
    # Condensed faces (gas and water meter drums) down to a third of the height wide.
    w = min(W * 0.95, h * rng.uniform(0.33, 0.75))
    pitch = h * rng.uniform(1.2, 1.6)
    cx = W / 2 + rng.uniform(-0.08, 0.08) * W
    cy = H / 2 + rng.uniform(-0.03, 0.03) * H
    ink = np.zeros((H, W), np.uint8)
    for j in range(-2, 3):
        _paste(ink, glyphs[(k + j) % 10], cx, cy + (j - frac) * pitch, w, h)
    if rng.random() < 0.3:  # edges of the neighbouring drums' digits inside a wide crop
        gap = w * rng.uniform(1.4, 2.2)
        for side in (-1, 1):
            nk, nf = int(rng.integers(10)), rng.uniform(0, 1)
            for j in range(-1, 2):
                _paste(ink, glyphs[(nk + j) % 10], cx + side * gap, cy + (j - nf) * pitch, w, h)
    if rng.random() < 0.3:  # italic faces
        shear = rng.uniform(-0.25, 0.1)
        ink = cv2.warpAffine(ink, np.float32([[1, shear, -shear * H / 2], [0, 1, 0]]), (W, H))
    fg, bg = _colours(rng)
    return _finish(ink, fg, bg, rng, drum=True)


def render_seven_segment(digit, rng):
    """One RGB 32x20 crop of an LCD/LED seven-segment digit."""
    h = H * rng.uniform(0.6, 0.85)
    w = h * rng.uniform(0.45, 0.6)
    t = w * rng.uniform(0.12, 0.22)
    x0, y0 = W / 2 - w / 2 + rng.uniform(-4, 4), H / 2 - h / 2 + rng.uniform(-3, 3)
    gap = t * 0.15
    half = h / 2
    boxes = {
        'a': (x0 + gap, y0, x0 + w - gap, y0 + t), 'g': (x0 + gap, y0 + half - t / 2, x0 + w - gap, y0 + half + t / 2),
        'd': (x0 + gap, y0 + h - t, x0 + w - gap, y0 + h),
        'f': (x0, y0 + gap, x0 + t, y0 + half - gap), 'b': (x0 + w - t, y0 + gap, x0 + w, y0 + half - gap),
        'e': (x0, y0 + half + gap, x0 + t, y0 + h - gap), 'c': (x0 + w - t, y0 + half + gap, x0 + w, y0 + h - gap),
    }
    ink = np.zeros((H, W), np.uint8)
    ghost = np.zeros((H, W), np.uint8)  # unlit segments faintly visible on many LCDs
    for seg, (xa, ya, xb, yb) in boxes.items():
        target = ink if seg in SEGMENTS[digit] else ghost
        cv2.rectangle(target, (int(xa), int(ya)), (int(xb), int(yb)), 255, -1)
    shear = rng.uniform(-0.2, 0.02)  # most LCD digits lean right
    m = np.float32([[1, shear, -shear * H / 2], [0, 1, 0]])
    ink = cv2.warpAffine(ink, m, (W, H))
    ghost = cv2.warpAffine(ghost, m, (W, H))
    ink = np.maximum(ink, (ghost * rng.uniform(0, 0.25)).astype(np.uint8))
    if rng.random() < 0.7:  # LCD: dark segments on a grey-green panel
        bg = np.array([rng.uniform(120, 210), rng.uniform(140, 230), rng.uniform(110, 200)])
        fg = bg * rng.uniform(0.05, 0.35)
    else:  # LED: bright segments on black
        bg = rng.uniform(0, 40, 3)
        fg = rng.uniform(150, 255, 3)
    return _finish(ink, fg, bg, rng, drum=False)


def render_batch(n, seed, lcd_share=0.1, held_out_fonts=False):
    """n synthetic crops (uint8 [n,32,20,3] RGB) and class indices (value*10)."""
    rng = np.random.default_rng(seed)
    glyph_sets = list(load_glyph_sets(held_out_fonts).values())
    images = np.zeros((n, OUT_H, OUT_W, 3), np.uint8)
    labels = np.zeros(n, np.int64)
    for i in range(n):
        if rng.random() < lcd_share:
            digit = int(rng.integers(10))
            images[i] = render_seven_segment(digit, rng)
            labels[i] = digit * 10
        else:
            cls = int(rng.integers(100))
            images[i] = render_drum(cls / 10 + rng.uniform(-0.03, 0.03), glyph_sets[rng.integers(len(glyph_sets))], rng)
            labels[i] = cls
    return images, labels
