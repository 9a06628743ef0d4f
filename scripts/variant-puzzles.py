#!/usr/bin/env python3
"""Variant puzzles made by construction, for the corpus.

    scripts/variant-puzzles.py --kind KEY [--size N] [--regions irregular] [--seed S] [--count K]

prints K f-puzzles JSON lines, each a puzzle of kind KEY (an f-puzzles key,
docs/fpuzzles.md) that has exactly one solution by csp's complete search.
Feed them to `numplace corpus import`, which asks every plugin that proves
uniqueness and takes the kind (csp and sat) and keeps only the puzzles on
which they agree: a second engine proves what this script only chose.

The phases, per puzzle:
  solution   csp solves an empty grid with the regions, the kind when it is
             global (anti-knight, diagonals, ...) and a few random givens
  derive     constraints of the kind that the solution keeps, drawn from it
             (a cage with its sum, a thermometer along increasing digits, ...)
  thin       every cell starts given; givens are taken away in a random order
             while csp still counts exactly one solution

Needs a built numplace (build/bin/numplace, or --numplace PATH). Standard
library only. Deterministic for a seed (csp's answers are).
"""
import argparse
import json
import random
import subprocess
import sys

# 6x6 jigsaw regions (row-major region numbers), used with --regions irregular.
JIGSAW6 = [0, 0, 0, 1, 1, 1,
           0, 0, 2, 2, 1, 1,
           0, 2, 2, 2, 3, 1,
           4, 4, 2, 3, 3, 3,
           4, 4, 5, 5, 3, 5,
           4, 4, 5, 5, 5, 3]
GLOBAL = {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"}


def name(n, cell):
    return "R%dC%d" % (cell // n + 1, cell % n + 1)


def box_shape(n):
    return {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]


def region_of(n, cell, jigsaw):
    if jigsaw:
        return JIGSAW6[cell]
    br, bc = box_shape(n)
    r, c = divmod(cell, n)
    return (r // br) * (n // bc) + c // bc


def document(n, grid, jigsaw, rules, title):
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = {}
            if grid[r * n + c]:
                cell = {"value": grid[r * n + c], "given": True}
            if jigsaw:
                cell["region"] = JIGSAW6[r * n + c]
            row.append(cell)
        rows.append(row)
    doc = {"size": n, "title": title, "author": "numplace scripts/variant-puzzles.py", "grid": rows}
    doc.update(rules)
    return json.dumps(doc, separators=(",", ":"))


class Numplace:
    def __init__(self, path):
        self.path = path

    def run(self, args, text):
        out = subprocess.run([self.path] + args + [text], capture_output=True, text=True)
        return out.stdout.strip()

    def first_solution(self, text):
        line = self.run(["solve", "--plugin", "csp", "--limit", "1"], text)
        return line[len("found: "):] if line.startswith("found: ") else None

    def count(self, text):
        line = self.run(["count", "--plugin", "csp", "--limit", "2"], text)
        return int(line.rstrip("+")) if line.rstrip("+").isdigit() else None


# ---- derive: constraints the solution keeps ---------------------------------

def neighbours(n, cell, king=False):
    r, c = divmod(cell, n)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if king:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def walk(n, rng, length, ok, king=True):
    """A path of `length` cells (no repeats) whose digits pass ok(path)."""
    for _ in range(2000):
        path = [rng.randrange(n * n)]
        while len(path) < length:
            options = [x for x in neighbours(n, path[-1], king) if x not in path and ok(path + [x], False)]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == length and ok(path, True):
            return path
    return None


def digit_values(s):
    return lambda path: [s[x] for x in path]


def derive(kind, n, s, rng, jigsaw):
    d = digit_values(s)
    if kind in GLOBAL:
        return {kind: True}
    if kind in ("odd", "even"):
        cells = [x for x in range(n * n) if s[x] % 2 == (1 if kind == "odd" else 0)]
        return {kind: [{"cell": name(n, x)} for x in rng.sample(cells, 6)]}
    if kind in ("minimum", "maximum"):
        sign = 1 if kind == "minimum" else -1
        cells = [x for x in range(n * n) if all(sign * (s[y] - s[x]) > 0 for y in neighbours(n, x))]
        return {kind: [{"cell": name(n, x)} for x in rng.sample(cells, min(4, len(cells)))]}
    if kind in ("rowindexer", "columnindexer", "boxindexer"):
        cells = [x for x in range(n * n) if indexes(kind, n, s, x)]
        return {kind: [{"cells": [name(n, x)]} for x in rng.sample(cells, min(4, len(cells)))]}
    if kind == "extraregion":
        cells = [rng.choice([x for x in range(n * n) if s[x] == v]) for v in range(1, n + 1)]
        return {kind: [{"cells": [name(n, x) for x in cells]}]}
    if kind == "killercage":
        cages = [walk(n, rng, rng.randint(2, 4), lambda p, done: len(set(d(p))) == len(p), king=False) for _ in range(6)]
        return {kind: [{"cells": [name(n, x) for x in c], "value": str(sum(d(c)))} for c in cages if c]}
    if kind == "littlekillersum":
        return {kind: [little_killer(n, s, rng) for _ in range(4)]}
    if kind in ("sandwichsum", "xsum", "skyscraper"):
        return {kind: [outside(kind, n, s, rng) for _ in range(6)]}
    if kind in ("xv", "difference", "ratio"):
        return {kind: pairs(kind, n, s, rng)}
    if kind == "clone":
        a = rng.sample(range(n * n), 2)
        b = [rng.choice([y for y in range(n * n) if s[y] == s[x] and y not in a]) for x in a]
        return {kind: [{"cells": [name(n, x) for x in a], "cloneCells": [name(n, x) for x in b]}]}
    if kind == "quadruple":
        quads = []
        for _ in range(3):
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            block = [r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1]
            quads.append({"cells": [name(n, x) for x in block], "values": rng.sample([s[x] for x in block], 3)})
        return {kind: quads}
    if kind == "arrow":
        return {kind: arrows(n, s, rng)}
    line_ok = line_rule(kind, n, s, jigsaw)
    lines = [walk(n, rng, rng.randint(3, 5), line_ok) for _ in range(4)]
    lines = [l for l in lines if l]
    if kind == "whispers":
        gap = (n + 1) // 2
        return {kind: [{"lines": [[name(n, x) for x in l]], "value": gap} for l in lines]}
    return {kind: [{"lines": [[name(n, x) for x in l]]} for l in lines]}


def indexes(kind, n, s, x):
    r, c = divmod(x, n)
    v = s[x]
    if kind == "rowindexer":
        return s[(v - 1) * n + c] == r + 1
    if kind == "columnindexer":
        return s[r * n + v - 1] == c + 1
    br, bc = box_shape(n)
    top, left = (r // br) * br, (c // bc) * bc
    p = (r - top) * bc + (c - left)
    target = (top + (v - 1) // bc) * n + left + (v - 1) % bc
    return s[target] == p + 1


def line_rule(kind, n, s, jigsaw):
    def ok(path, done):
        v = [s[x] for x in path]
        if kind == "thermometer":
            return all(a < b for a, b in zip(v, v[1:]))
        if kind == "renban":
            return len(set(v)) == len(v) and (not done or max(v) - min(v) == len(v) - 1)
        if kind == "whispers":
            return all(abs(a - b) >= (n + 1) // 2 for a, b in zip(v, v[1:]))
        if kind == "palindrome":
            return not done or v == v[::-1]
        if kind == "betweenline":
            return not done or all(min(v[0], v[-1]) < x < max(v[0], v[-1]) for x in v[1:-1])
        if kind == "entropicline":
            third = lambda x: (x - 1) // (n // 3)
            return all(len({third(a), third(b), third(c)}) == 3 for a, b, c in zip(v, v[1:], v[2:]))
        if kind == "regionsumline":
            return not done or region_sums_equal(n, s, path, jigsaw)
        raise SystemExit("no line rule for " + kind)
    return ok


def region_sums_equal(n, s, path, jigsaw):
    sums, last = [], None
    for x in path:
        reg = region_of(n, x, jigsaw)
        if reg != last:
            sums.append(0)
            last = reg
        sums[-1] += s[x]
    return len(sums) > 1 and len(set(sums)) == 1


def little_killer(n, s, rng):
    while True:
        r, c = rng.choice([(-1, rng.randrange(n)), (n, rng.randrange(n)), (rng.randrange(n), -1), (rng.randrange(n), n)])
        dr, dc = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
        cells, y, x = [], r + dr, c + dc
        while 0 <= y < n and 0 <= x < n:
            cells.append(y * n + x)
            y, x = y + dr, x + dc
        if len(cells) >= 2:
            way = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
            return {"cell": "R%dC%d" % (r + 1, c + 1), "direction": way, "value": str(sum(s[v] for v in cells))}


def outside(kind, n, s, rng):
    side, k = rng.randrange(4), rng.randrange(n)
    cells = [k * n + i for i in range(n)] if side < 2 else [i * n + k for i in range(n)]
    if side % 2:
        cells.reverse()
    clue = [(k + 1, 0), (k + 1, n + 1), (0, k + 1), (n + 1, k + 1)][side]
    v = [s[x] for x in cells]
    if kind == "xsum":
        value = sum(v[:v[0]])
    elif kind == "skyscraper":
        value, best = 0, 0
        for x in v:
            if x > best:
                value, best = value + 1, x
    else:
        i, j = sorted((v.index(1), v.index(n)))
        value = sum(v[i + 1:j])
    return {"cell": "R%dC%d" % clue, "value": str(value)}


def pairs(kind, n, s, rng):
    good = {"xv": lambda a, b: a + b in (5, 10), "difference": lambda a, b: abs(a - b) == 1,
            "ratio": lambda a, b: a == 2 * b or b == 2 * a}[kind]
    found = [(x, y) for x in range(n * n) for y in neighbours(n, x) if x < y and good(s[x], s[y])]
    out = []
    for x, y in rng.sample(found, min(8, len(found))):
        entry = {"cells": [name(n, x), name(n, y)]}
        if kind == "xv":
            entry["value"] = "V" if s[x] + s[y] == 5 else "X"
        out.append(entry)
    return out


def arrows(n, s, rng):
    out = []
    for _ in range(4):
        circle = rng.randrange(n * n)
        target = s[circle]
        line = walk(n, rng, rng.randint(2, 3),
                    lambda p, done: circle not in p and sum(s[x] for x in p) <= target and
                    (not done or sum(s[x] for x in p) == target))
        if line:
            out.append({"cells": [name(n, circle)], "lines": [[name(n, x) for x in [circle] + line]]})
    return out


# ---- solution and thinning ---------------------------------------------------

def solution(np_, kind, n, jigsaw, rng):
    rules = {kind: True} if kind in GLOBAL else {}
    for _ in range(50):
        grid = [0] * (n * n)
        for x in rng.sample(range(n * n), n // 2):
            grid[x] = rng.randint(1, n)
        found = np_.first_solution(document(n, grid, jigsaw, rules, "seed"))
        if found:
            return [int(ch, 36) for ch in found]
    return None


def thin(np_, n, s, jigsaw, rules, title, rng):
    grid = list(s)
    for x in rng.sample(range(n * n), n * n):
        keep, grid[x] = grid[x], 0
        if np_.count(document(n, grid, jigsaw, rules, title)) != 1:
            grid[x] = keep
    return document(n, grid, jigsaw, rules, title)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", required=True)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--regions", choices=["boxes", "irregular"], default="boxes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--numplace", default="build/bin/numplace")
    a = ap.parse_args()
    jigsaw = a.regions == "irregular"
    if jigsaw and a.size != 6:
        raise SystemExit("variant-puzzles.py: --regions irregular is drawn for --size 6 only")
    np_ = Numplace(a.numplace)
    rng = random.Random(a.seed)
    made = 0
    while made < a.count:
        s = solution(np_, a.kind, a.size, jigsaw, rng)
        if s is None:
            raise SystemExit("variant-puzzles.py: no grid keeps " + a.kind)
        rules = derive(a.kind, a.size, s, rng, jigsaw)
        if not any(rules.values()):
            continue
        title = "%s %dx%d%s seed %d #%d" % (a.kind, a.size, a.size, " jigsaw" if jigsaw else "", a.seed, made + 1)
        print(thin(np_, a.size, s, jigsaw, rules, title, rng), flush=True)
        made += 1


if __name__ == "__main__":
    sys.exit(main())
