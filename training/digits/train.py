"""Trains the digit-wheel classifier and writes models/digits-tenths.onnx + manifest + test fixtures.

Reproduce with:  /usr/bin/python3 training/digits/train.py
(single CPU thread, fixed seeds; see README.md in this folder).
"""
import argparse
import datetime
import hashlib
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from augment import augment, streaks  # noqa: E402
from data import CLASSES, DATASET, load_dataset, stratified_split  # noqa: E402
from fixtures import write_fixtures  # noqa: E402
from model import DigitWheelNet  # noqa: E402
from synth import HELD_OUT, render_batch  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
MODEL_PATH = os.path.join(ROOT, 'models', 'digits-tenths.onnx')
MANIFEST_PATH = os.path.join(ROOT, 'models', 'digits-tenths.manifest.json')
FIXTURE_DIR = os.path.join(ROOT, 'test', 'fixtures', 'digits')

SEED = 20240601
SYNTH_SEED = 7
FIXTURE_SEED = 99
STREAK_SEED = 12345
VAL_FRACTION = 0.1


def circular_distance(a, b, n=100):
    d = np.abs(a - b) % n
    return np.minimum(d, n - d)


def metrics(pred, truth):
    """pred/truth: class indices. The carry-tolerant integer rule counts a prediction whose
    integer digit differs only because it sits within one tenth of the true position across
    a digit boundary (2.9 for 3.0, 0.0 for 9.9) as right: the reading logic resolves those
    with the neighbouring wheel."""
    dist = circular_distance(pred, truth)
    same_digit = (pred // 10) == (truth // 10)
    return {
        'top1_exact_tenth': float(np.mean(dist == 0)),
        'within_one_tenth': float(np.mean(dist <= 1)),
        'integer_digit': float(np.mean(same_digit)),
        'integer_digit_carry_tolerant': float(np.mean(same_digit | (dist <= 1))),
        'count': int(len(truth)),
    }


def soft_targets(labels, sigma=0.6, n=100):
    """Circular Gaussian over neighbouring tenths: a 3.4 labelled 3.5 is a small mistake."""
    j = torch.arange(n).view(1, -1)
    d = (j - labels.view(-1, 1)).abs()
    d = torch.minimum(d, n - d).float()
    w = torch.exp(-d ** 2 / (2 * sigma ** 2))
    return w / w.sum(1, keepdim=True)


def to_tensor(images):
    return torch.from_numpy(images).permute(0, 3, 1, 2).float().div(255)


@torch.no_grad()
def predict(model, x, batch=512):
    """Class indices for float images [N,3,32,20] in 0..1 (see to_tensor)."""
    model.eval()
    return torch.cat([model(x[i:i + batch]).argmax(1) for i in range(0, len(x), batch)]).numpy()


def streaked(images, seed=STREAK_SEED):
    """The validation crops, each crossed by at least one streak (no spots), for a glare metric."""
    return streaks(to_tensor(images), torch.Generator().manual_seed(seed), 1.0, 0.0).clamp(0, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--epochs', type=int, default=30)
    parser.add_argument('--synthetic-per-epoch', type=int, default=8000)
    parser.add_argument('--batch', type=int, default=128)
    parser.add_argument('--lr', type=float, default=3e-3)
    args = parser.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(SEED)
    gen = torch.Generator().manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    started = time.time()

    images, labels = load_dataset()
    train_idx, val_idx = stratified_split(labels, VAL_FRACTION, SEED)
    synth_images, synth_labels = render_batch(24000, SYNTH_SEED)
    fix_images, fix_labels = render_batch(100, FIXTURE_SEED, held_out_fonts=True)
    print(f'real: {len(train_idx)} train / {len(val_idx)} val; synthetic pool {len(synth_labels)}; '
          f'loaded in {time.time() - started:.0f}s', flush=True)

    model = DigitWheelNet()
    params = sum(p.numel() for p in model.parameters())
    steps_per_epoch = (len(train_idx) + args.synthetic_per_epoch) // args.batch
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.epochs * steps_per_epoch,
                                                pct_start=0.15)
    train_x = np.concatenate([images[train_idx], synth_images])
    train_y = np.concatenate([labels[train_idx], synth_labels])
    n_real = len(train_idx)

    for epoch in range(args.epochs):
        model.train()
        pick = np.concatenate([rng.permutation(n_real),
                               n_real + rng.choice(len(synth_labels), args.synthetic_per_epoch, replace=False)])
        pick = rng.permutation(pick)
        total = 0.0
        for step in range(steps_per_epoch):
            b = pick[step * args.batch:(step + 1) * args.batch]
            x = augment(to_tensor(train_x[b]), gen)
            y = torch.from_numpy(train_y[b])
            loss = torch.sum(-soft_targets(y) * F.log_softmax(model(x), 1), 1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item()
        val = metrics(predict(model, to_tensor(images[val_idx])), labels[val_idx])
        print(f'epoch {epoch + 1}/{args.epochs} loss {total / steps_per_epoch:.3f} '
              f'val top1 {val["top1_exact_tenth"]:.4f} ±1 {val["within_one_tenth"]:.4f} '
              f'int(carry) {val["integer_digit_carry_tolerant"]:.4f}  [{time.time() - started:.0f}s]', flush=True)

    model.eval()
    val = metrics(predict(model, to_tensor(images[val_idx])), labels[val_idx])
    fixtures = metrics(predict(model, to_tensor(fix_images)), fix_labels)
    glare = metrics(predict(model, streaked(images[val_idx])), labels[val_idx])
    print('validation', json.dumps(val), '\nheld-out-font fixtures', json.dumps(fixtures),
          '\nvalidation crossed by streaks', json.dumps(glare), flush=True)

    os.makedirs(os.path.dirname(MODEL_PATH), exist_ok=True)
    torch.onnx.export(model, torch.zeros(2, 3, 32, 20), MODEL_PATH, input_names=['input'], output_names=['logits'],
                      dynamic_axes={'input': {0: 'batch'}, 'logits': {0: 'batch'}}, opset_version=13,
                      do_constant_folding=True)
    import onnx
    onnx.checker.check_model(onnx.load(MODEL_PATH))
    write_fixtures(FIXTURE_DIR, fix_images, fix_labels)

    with open(MODEL_PATH, 'rb') as f:
        blob = f.read()
    manifest = {
        'file': 'digits-tenths.onnx',
        'sha256': hashlib.sha256(blob).hexdigest(),
        'bytes': len(blob),
        'parameters': params,
        'task': 'Classifies one meter digit cell (a drum wheel or LCD digit) into the wheel position in '
                'tenths of a step: class i = value i/10, so 3.5 is half way from 3 to 4 (the wheel rolls '
                'upward: the lower half of the 3 on top, the upper half of the 4 below).',
        'input': {
            'name': 'input', 'dtype': 'float32', 'layout': 'NCHW', 'shape': ['N', 3, 32, 20],
            'colour': 'RGB', 'normalisation': 'pixel / 255 (0..1); no mean/std: the graph standardises '
                                              'each image itself',
            'crop': '20 px wide x 32 px high, the digit centred, about 55-80% of the height',
        },
        'output': {'name': 'logits', 'shape': ['N', 100], 'meaning': 'unnormalised logits; apply softmax'},
        'classes': CLASSES,
        'training_data': {
            'dataset': 'haverland/Tenth-of-step-of-a-meter-digit (20x32 crops, 100 classes)',
            'source': 'https://github.com/haverland/Tenth-of-step-of-a-meter-digit',
            'licence': 'Apache-2.0',
            'attribution': 'Digit images from the Tenth-of-step-of-a-meter-digit data set by haverland '
                           '(GitHub) and contributors, licensed under the Apache License 2.0. These model '
                           'weights were trained on them; no images are redistributed.',
            'local_copy': DATASET,
            'real_images': int(len(labels)), 'train': int(len(train_idx)), 'validation': int(len(val_idx)),
            'split': f'stratified per class, {VAL_FRACTION:.0%} validation, numpy seed {SEED}',
            'synthetic': f'{len(synth_labels)} procedural drum/seven-segment renders (training/digits/synth.py, '
                         f'seed {SYNTH_SEED}, DejaVu + Hershey fonts except {", ".join(HELD_OUT)}), '
                         f'{args.synthetic_per_epoch} drawn per epoch',
        },
        'validation_metrics': val,
        'held_out_font_fixture_metrics': fixtures,
        'validation_crossed_by_streaks_metrics': glare,
        'metric_notes': 'integer_digit_carry_tolerant counts a prediction right when its integer digit '
                        'matches, or when it is within one tenth of the truth across a digit boundary '
                        '(e.g. 2.9 for 3.0, 0.0 for 9.9). Validation images come from the same cameras as '
                        'training images, so expect lower figures on unseen meters. The streak metrics are '
                        'the validation crops each crossed by one or two glare or wire streaks '
                        f'(augment.streaks, seed {STREAK_SEED}), the corruption training adds to 30% of crops.',
        'training': {
            'command': '/usr/bin/python3 training/digits/train.py',
            'epochs': args.epochs, 'batch': args.batch, 'max_lr': args.lr, 'seed': SEED,
            'optimizer': 'AdamW + one-cycle LR, circular Gaussian soft labels (sigma 0.6 tenths)',
            'threads': 1, 'seconds': round(time.time() - started),
            'torch': torch.__version__, 'opset': 13,
        },
        'date': datetime.date.today().isoformat(),
    }
    with open(MANIFEST_PATH, 'w') as f:
        json.dump(manifest, f, indent=2)
        f.write('\n')
    print(f'wrote {MODEL_PATH} ({len(blob)} bytes, {params} parameters) in {time.time() - started:.0f}s')


if __name__ == '__main__':
    main()
