"""Writes synthetic test crops as binary PPM (P6) files the TypeScript tests can read without an image library."""
import os

import numpy as np


def write_fixtures(folder, images, labels):
    """One `<index>_<value>.ppm` per crop (RGB, 20x32); old .ppm files in `folder` are replaced."""
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.endswith('.ppm'):
            os.remove(os.path.join(folder, name))
    for i, (img, cls) in enumerate(zip(images, labels)):
        h, w, _ = img.shape
        with open(os.path.join(folder, f'{i:03d}_{cls // 10}.{cls % 10}.ppm'), 'wb') as f:
            f.write(f'P6\n{w} {h}\n255\n'.encode('ascii'))
            f.write(np.ascontiguousarray(img, np.uint8).tobytes())
