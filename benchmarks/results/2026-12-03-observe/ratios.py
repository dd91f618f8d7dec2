"""Ratios of the observer sessions' JMH results: python3 ratios.py session4 (a directory of JAR-ROUND.json)."""
import glob, json, math, re, sys

d = sys.argv[1] if len(sys.argv) > 1 else 'session4'
res = {}
for f in glob.glob(d + '/*.json'):
    m = re.match(r'(\w+)-(\d+)\.json', f.split('/')[-1])
    text = open(f).read()
    if not m or not text.strip():
        continue
    for b in json.loads(text):
        name = b['benchmark'].split('.')[-1]
        alloc = b['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score')
        res[(m.group(1), int(m.group(2)), name)] = (
            b['primaryMetric']['score'], b['primaryMetric']['scoreError'], alloc)
rounds = sorted({k[1] for k in res})
jars = [j for j in ['base', 'pre', 'mainold', 'head'] if any(k[0] == j for k in res)]


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def ratio(label, a, b):
    rs = [res[(a[0], r, a[1])][0] / res[(b[0], r, b[1])][0]
          for r in rounds if (a[0], r, a[1]) in res and (b[0], r, b[1]) in res]
    if rs:
        print(f'{label}: ' + ', '.join(f'{x:.2f}' for x in rs)
              + f'; geometric mean {geomean(rs):.2f}, range {min(rs):.2f}-{max(rs):.2f}')


for shape in ['Small', 'Nested']:
    print(f'== {shape} (ns/op ± 99.9% error, bytes/op)')
    methods = ['toolsmith', 'toolsmithUnchecked', 'toolsmithObserved']
    for r in rounds:
        cells = []
        for jar in jars:
            for method in methods:
                v = res.get((jar, r, method + shape))
                if v:
                    cells.append(f'{jar}.{method} {v[0]:.0f} ± {v[1]:.0f} ({v[2]:.0f} B)')
        print(f'round {r}: ' + ' | '.join(cells))
    t = 'toolsmith' + shape
    for a, b in [('mainold', 'pre'), ('head', 'pre'), ('head', 'mainold'), ('pre', 'base'),
                 ('head', 'base')]:
        ratio(f'{a} / {b}', (a, t), (b, t))
    ratio('check asked / not asked (head)', ('head', t), ('head', 'toolsmithUnchecked' + shape))
    ratio('one observer / none (head)', ('head', 'toolsmithObserved' + shape), ('head', t))
