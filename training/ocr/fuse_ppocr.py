"""Rewrites PP-OCR graphs (paddle2onnx export) so onnxruntime runs fewer elementwise passes.

Exact up to float rounding:
1. Conv -> Mul(scalar) [-> Add(scalar)]  (PP-LCNetV3 "learnable affine" after a conv): folded into
   the conv's weights and bias.
2. x * Clip(x + 3, 0, 6) / 6 (hard-swish spelt out): one HardSwish node (opset >= 14), else
   x * HardSigmoid(x).
3. Mul(scalar) [-> Add(scalar)] feeding an unpadded 1x1 Conv: folded into that conv.
4. Other Mul(scalar) -> Add(scalar) pairs (before padded depthwise convs, where folding would change
   the borders): one BatchNormalization with those constants.
Usage: /usr/bin/python3 training/ocr/fuse_ppocr.py in.onnx out.onnx (needs Debian packages python3-onnx python3-numpy)
"""
import sys
import numpy as np
import onnx
from onnx import helper, numpy_helper


def main(src, dst):
    model = onnx.load(src)
    g = model.graph
    opset = next(o.version for o in model.opset_import if o.domain in ('', 'ai.onnx'))
    use_hardswish = opset >= 11 and all(o.domain in ('', 'ai.onnx') for o in model.opset_import) and opset_bump_ok(g)
    consts = {}
    for n in g.node:
        if n.op_type == 'Constant' and n.attribute[0].name == 'value':
            consts[n.output[0]] = numpy_helper.to_array(n.attribute[0].t)
    for t in g.initializer:
        consts[t.name] = numpy_helper.to_array(t)
    nodes = [n for n in g.node]
    outputs = {o.name for o in g.output}
    new_inits = []
    stats = {'affine_pre': 0, 'hardswish': 0, 'affine_post': 0}

    def consumers():
        c = {}
        for n in nodes:
            for i in n.input:
                c.setdefault(i, []).append(n)
        return c

    def scalar(name):
        v = consts.get(name)
        return None if v is None or v.size != 1 else float(v.reshape(-1)[0])

    def scalar_operand(n):
        if len(n.input) != 2:
            return None, None
        a, b = n.input
        if scalar(a) is not None and scalar(b) is None:
            return scalar(a), b
        if scalar(b) is not None and scalar(a) is None:
            return scalar(b), a
        return None, None

    def single(cons, out):
        c = cons.get(out, [])
        return c[0] if len(c) == 1 and out not in outputs else None

    def replace_uses(old, new):
        for n in nodes:
            for k, i in enumerate(n.input):
                if i == old:
                    n.input[k] = new

    def add_init(name, arr):
        new_inits.append(numpy_helper.from_array(arr.astype(np.float32), name))
        consts[name] = arr.astype(np.float32)
        return name

    def affine_after(cons, out):
        """Mul(s) [-> Add(t)] consuming `out` alone: (s, t, [nodes], last output) or None."""
        mul = single(cons, out)
        if mul is None or mul.op_type != 'Mul':
            return None
        s, x = scalar_operand(mul)
        if s is None or x != out:
            return None
        chain, t, last = [mul], 0.0, mul.output[0]
        add = single(cons, mul.output[0])
        if add is not None and add.op_type == 'Add':
            tt, y = scalar_operand(add)
            if tt is not None and y == mul.output[0]:
                chain.append(add)
                t, last = tt, add.output[0]
        return s, t, chain, last

    # 1. Conv -> affine.
    cons = consumers()
    for n in list(nodes):
        if n.op_type != 'Conv' or n.input[1] not in consts or (len(n.input) > 2 and n.input[2] not in consts):
            continue
        found = affine_after(cons, n.output[0])
        if not found:
            continue
        s, t, chain, last = found
        w = consts[n.input[1]]
        b = consts[n.input[2]] if len(n.input) > 2 else np.zeros(w.shape[0], np.float32)
        base = n.output[0]
        wn = add_init(base + '.fused_w', w * np.float32(s))
        bn = add_init(base + '.fused_b', b * np.float32(s) + np.float32(t))
        del n.input[1:]
        n.input.extend([wn, bn])
        for c in chain:
            nodes.remove(c)
        replace_uses(last, n.output[0])
        stats['affine_pre'] += 1
        cons = consumers()

    # 2. hard-swish.
    cons = consumers()
    for add in list(nodes):
        if add.op_type != 'Add' or add not in nodes:
            continue
        three, x = scalar_operand(add)
        if three != 3.0:
            continue
        clip = single(cons, add.output[0])
        if clip is None or clip.op_type != 'Clip' or clip.input[0] != add.output[0] or clip_range(clip, scalar) != (0.0, 6.0):
            continue
        mul = single(cons, clip.output[0])
        if mul is None or mul.op_type != 'Mul' or sorted(mul.input) != sorted([x, clip.output[0]]):
            continue
        div = single(cons, mul.output[0])
        if div is None or div.op_type != 'Div' or div.input[0] != mul.output[0] or scalar(div.input[1]) != 6.0:
            continue
        at = nodes.index(add)
        for r in (add, clip, mul, div):
            nodes.remove(r)
        out = div.output[0]
        if use_hardswish:
            nodes.insert(at, helper.make_node('HardSwish', [x], [out], name=out + '.hs'))
        else:
            hs = out + '.hsig'
            nodes.insert(at, helper.make_node('HardSigmoid', [x], [hs], name=hs, alpha=1.0 / 6.0, beta=0.5))
            nodes.insert(at + 1, helper.make_node('Mul', [x, hs], [out], name=out + '.mul'))
        stats['hardswish'] += 1
        cons = consumers()

    # 3. affine -> unpadded 1x1 Conv.
    cons = consumers()
    for m in list(nodes):
        if m.op_type != 'Mul' or m not in nodes:
            continue
        s, x = scalar_operand(m)
        if s is None:
            continue
        found = affine_after(cons, x)
        if not found or found[2][0] is not m:
            continue
        s, t, chain, last = found
        conv = single(cons, last)
        if conv is None or conv.op_type != 'Conv' or conv.input[0] != last or conv.input[1] not in consts:
            continue
        w = consts[conv.input[1]]
        attrs = {a.name: helper.get_attribute_value(a) for a in conv.attribute}
        if w.shape[2:] != (1, 1) or any(attrs.get('pads', [0])) or attrs.get('group', 1) != 1 or attrs.get('auto_pad', b'NOTSET') not in (b'NOTSET', 'NOTSET'):
            continue
        b = consts[conv.input[2]] if len(conv.input) > 2 else np.zeros(w.shape[0], np.float32)
        base = conv.output[0]
        wn = add_init(base + '.fused_in_w', w * np.float32(s))
        bn = add_init(base + '.fused_in_b', b + np.float32(t) * w.sum(axis=(1, 2, 3)))
        del conv.input[:]
        conv.input.extend([x, wn, bn])
        for c in chain:
            nodes.remove(c)
        stats['affine_post'] += 1
        cons = consumers()

    if use_hardswish:
        for o in model.opset_import:
            if o.domain in ('', 'ai.onnx'):
                o.version = max(o.version, 14)

    # 4. The remaining Mul(scalar) -> Add(scalar) pairs (before padded depthwise convs): one
    #    BatchNormalization pass instead of two elementwise passes.
    channels = channel_counts(consts, nodes)
    cons = consumers()
    for m in list(nodes):
        if m.op_type != 'Mul' or m not in nodes:
            continue
        s, x = scalar_operand(m)
        if s is None or channels.get(x) is None:
            continue
        found = affine_after(cons, x)
        if not found or found[2][0] is not m or len(found[2]) != 2:
            continue
        s, t, chain, last = found
        c = channels[x]
        base = last
        names = [add_init(base + k, v) for k, v in (
            ('.bn_scale', np.full(c, s, np.float32)), ('.bn_bias', np.full(c, t, np.float32)),
            ('.bn_mean', np.zeros(c, np.float32)), ('.bn_var', np.ones(c, np.float32)))]
        at = nodes.index(m)
        for r in chain:
            nodes.remove(r)
        nodes.insert(at, helper.make_node('BatchNormalization', [x] + names, [last], name=base + '.bn', epsilon=0.0))
        stats['affine_bn'] = stats.get('affine_bn', 0) + 1
        cons = consumers()

    # Drop what no node reads any more (the original weights of fused convs, their scalars).
    used = {i for n in nodes for i in n.input} | outputs
    nodes = [n for n in nodes if n.op_type != 'Constant' or n.output[0] in used]
    del g.node[:]
    g.node.extend(nodes)
    kept = [t for t in list(g.initializer) + new_inits if t.name in used]
    del g.initializer[:]
    g.initializer.extend(kept)
    if use_hardswish:
        for o in model.opset_import:
            if o.domain in ('', 'ai.onnx'):
                o.version = max(o.version, 14)
    onnx.checker.check_model(model)
    onnx.save(model, dst)
    print(src, '->', dst, stats, 'hardswish op' if use_hardswish else 'hardsigmoid*x')


def channel_counts(consts, nodes):
    """Channel count of tensors that come from a Conv through channel-preserving ops."""
    producer = {o: n for n in nodes for o in n.output}
    passthrough = {'HardSwish', 'HardSigmoid', 'Relu', 'Sigmoid', 'Mul', 'Add', 'BatchNormalization', 'Clip', 'Div'}
    out = {}
    for name in producer:
        cur, seen = name, 0
        while cur in producer and seen < 8:
            n = producer[cur]
            if n.op_type == 'Conv' and n.input[1] in consts:
                out[name] = int(consts[n.input[1]].shape[0])
                break
            if n.op_type not in passthrough:
                break
            cur = next((i for i in n.input if i not in consts), None)
            seen += 1
    return out


def clip_range(clip, scalar):
    if len(clip.input) == 3:
        return scalar(clip.input[1]), scalar(clip.input[2])
    attrs = {a.name: helper.get_attribute_value(a) for a in clip.attribute}
    return (attrs.get('min'), attrs.get('max')) if len(clip.input) == 1 else (None, None)


def opset_bump_ok(g):
    # Raising the opset to 14 keeps these ops' meaning; others (Slice, Squeeze, ...) changed inputs.
    safe = {'Constant', 'Conv', 'BatchNormalization', 'Mul', 'Add', 'Div', 'Clip', 'Relu', 'GlobalAveragePool',
            'HardSigmoid', 'Resize', 'ConvTranspose', 'Concat', 'Sigmoid'}
    return all(n.op_type in safe for n in g.node)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
