"""Loading the tenth-of-step digit crops and a seeded, stratified train/validation split."""
import os

import cv2
import numpy as np

DATASET = '/work/shared/datasets/digits-tenths-20x32'
CLASSES = [f'{i // 10}.{i % 10}' for i in range(100)]


def load_dataset(root=DATASET):
    """Returns uint8 RGB images [N,32,20,3] and class indices (value*10), in sorted file order."""
    images, labels = [], []
    for idx, name in enumerate(CLASSES):
        folder = os.path.join(root, name)
        for file in sorted(os.listdir(folder)):
            img = cv2.imread(os.path.join(folder, file), cv2.IMREAD_COLOR)
            if img is None:
                continue
            if img.shape[:2] != (32, 20):
                img = cv2.resize(img, (20, 32), interpolation=cv2.INTER_AREA)
            images.append(cv2.cvtColor(img, cv2.COLOR_BGR2RGB))
            labels.append(idx)
    return np.stack(images), np.array(labels, np.int64)


def stratified_split(labels, val_fraction, seed):
    """Indices (train, val): val_fraction of every class, chosen with a fixed seed."""
    rng = np.random.default_rng(seed)
    train, val = [], []
    for cls in np.unique(labels):
        idx = np.flatnonzero(labels == cls)
        rng.shuffle(idx)
        n_val = max(1, int(round(len(idx) * val_fraction)))
        val.extend(idx[:n_val])
        train.extend(idx[n_val:])
    return np.sort(np.array(train)), np.sort(np.array(val))
