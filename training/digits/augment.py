"""Batch augmentation on float tensors [N,3,32,20] in 0..1 (all random draws from `gen`)."""
import math

import torch
import torch.nn.functional as F

GRAY = torch.tensor([0.299, 0.587, 0.114]).view(1, 3, 1, 1)
BLUR = torch.tensor([1.0, 2.0, 1.0])
BLUR = (BLUR[:, None] * BLUR[None, :] / 16).expand(3, 1, 3, 3).contiguous()


def _u(gen, n, lo, hi):
    return torch.rand(n, generator=gen) * (hi - lo) + lo


def _where(mask, a, b):
    return torch.where(mask.view(-1, 1, 1, 1), a, b)


def augment(x, gen):
    n = x.shape[0]
    # Geometry: small rotation, independent x/y scale, shifts of about ±2 px across and
    # ±1 px along the wheel (a larger vertical shift would change the tenth label).
    angle = _u(gen, n, -5, 5) * math.pi / 180
    sx, sy = _u(gen, n, 0.85, 1.15), _u(gen, n, 0.92, 1.08)
    tx, ty = _u(gen, n, -0.2, 0.2), _u(gen, n, -0.07, 0.07)
    cos, sin = torch.cos(angle), torch.sin(angle)
    theta = torch.stack([
        torch.stack([cos / sx, -sin / sx * 1.6, tx], 1),
        torch.stack([sin / sy / 1.6, cos / sy, ty], 1),
    ], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, mode='bilinear', padding_mode='border', align_corners=False)
    # Colour: channel permutation, grayscale, inversion (light-on-dark vs dark-on-light).
    perm = torch.rand(n, generator=gen) < 0.2
    x = _where(perm, x[:, torch.randperm(3, generator=gen)], x)
    gray = torch.rand(n, generator=gen) < 0.25
    x = _where(gray, (x * GRAY).sum(1, keepdim=True).expand(-1, 3, -1, -1), x)
    inv = torch.rand(n, generator=gen) < 0.2
    x = _where(inv, 1 - x, x)
    x = streaks(x, gen)
    # Exposure: contrast around the image mean, brightness, gamma.
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    contrast = _u(gen, n, 0.4, 1.4).view(-1, 1, 1, 1)
    bright = _u(gen, n, -0.25, 0.25).view(-1, 1, 1, 1)
    x = ((x - mean) * contrast + mean + bright).clamp(0, 1)
    x = x ** torch.exp(_u(gen, n, -0.5, 0.5)).view(-1, 1, 1, 1)
    # Blur and sensor noise.
    blur = torch.rand(n, generator=gen) < 0.3
    x = _where(blur, F.conv2d(F.pad(x, (1, 1, 1, 1), mode='replicate'), BLUR, groups=3), x)
    noise = torch.randn(x.shape, generator=gen) * _u(gen, n, 0, 0.06).view(-1, 1, 1, 1)
    return (x + noise).clamp(0, 1)


def streaks(x, gen, p_streak=0.3, p_spot=0.12):
    """Glare and clutter over the digit: thin lines at any angle (a reflection on plastic wrap or
    glass, mostly bright; a wire or scratch, dark) and soft bright spots (a lamp's highlight).
    Photos show both; clean training crops have neither, and the CNN read a zero crossed by a
    bright streak as a 1."""
    n, _, h, w = x.shape
    ys = torch.arange(h, dtype=torch.float32).view(1, h, 1) + 0.5
    xs = torch.arange(w, dtype=torch.float32).view(1, 1, w) + 0.5
    for _ in range(2):
        on = (torch.rand(n, generator=gen) < p_streak).float().view(-1, 1, 1)
        cx, cy = _u(gen, n, 0, w).view(-1, 1, 1), _u(gen, n, 0, h).view(-1, 1, 1)
        theta = _u(gen, n, 0, math.pi).view(-1, 1, 1)
        dist = ((xs - cx) * torch.sin(theta) - (ys - cy) * torch.cos(theta)).abs()
        sigma = _u(gen, n, 0.4, 1.6).view(-1, 1, 1)
        alpha = _u(gen, n, 0.3, 0.95).view(-1, 1, 1) * on * torch.exp(-dist ** 2 / (2 * sigma ** 2))
        dark = (torch.rand(n, generator=gen) < 0.25).view(-1, 1, 1)
        tone = torch.where(dark, _u(gen, n, 0.0, 0.25).view(-1, 1, 1), _u(gen, n, 0.8, 1.0).view(-1, 1, 1))
        a = alpha.unsqueeze(1)
        x = x * (1 - a) + tone.unsqueeze(1) * a
        p_streak /= 2
    on = (torch.rand(n, generator=gen) < p_spot).float().view(-1, 1, 1)
    cx, cy = _u(gen, n, 0, w).view(-1, 1, 1), _u(gen, n, 0, h).view(-1, 1, 1)
    r = _u(gen, n, 2.5, 9).view(-1, 1, 1)
    alpha = _u(gen, n, 0.3, 0.65).view(-1, 1, 1) * on * torch.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * r ** 2))
    a = alpha.unsqueeze(1)
    return x * (1 - a) + a
