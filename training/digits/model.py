"""The digit-wheel classifier: a small VGG-style CNN, 32x20 RGB in, 100 logits out."""
import torch
from torch import nn


def _block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


class DigitWheelNet(nn.Module):
    """Input: float32 [N,3,32,20] RGB scaled to 0..1. Output: logits [N,100] (class i = value i/10).

    Each image is standardised (per-image mean/std) inside the graph, so callers
    only divide by 255 and the model is indifferent to overall exposure.
    """

    def __init__(self, classes=100):
        super().__init__()
        self.features = nn.Sequential(_block(3, 16), _block(16, 32), _block(32, 64))  # -> 64x4x2
        self.head = nn.Sequential(
            nn.Flatten(), nn.Dropout(0.25), nn.Linear(64 * 4 * 2, 128), nn.ReLU(inplace=True),
            nn.Linear(128, classes),
        )

    def forward(self, x):
        mean = x.mean(dim=(1, 2, 3), keepdim=True)
        std = ((x - mean) ** 2).mean(dim=(1, 2, 3), keepdim=True).sqrt()
        x = (x - mean) / (std + 0.02)
        return self.head(self.features(x))
