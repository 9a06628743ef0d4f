#!/usr/bin/env python3
"""Convert the example puzzles of sigh's Interactive Sudoku Solver (ISS,
github.com/sigh/Interactive-Sudoku-Solver, MIT) into numplace corpus entries.

    python3 scripts/iss-examples.py CLONE/data/example_puzzles.js [--commit SHA] > corpus/variants-iss.yaml

Reads the JS file's object literals (name, input, solution, src), converts
every example whose constraints all have a numplace kind with the same rule
(docs/variants.md; also ISS's killer shorthand and its 16x16 jigsaw
shorthand), and writes the YAML corpus (docs/corpus-format.md) with a
header to stdout. Every example left out is named on stderr and in the header
with the reason. A constraint whose ISS meaning is not certain is never
guessed at: its example is skipped.

Python 3 standard library only.
"""

import argparse
import os
import re
import subprocess
import sys


# --- A small tolerant reader of the JS object literals -----------------------
# The file is JS, not JSON: single-quoted strings, unquoted keys, trailing
# commas, comments and code after the data. Only string and string-array
# values of objects are needed, so the reader tracks braces and picks up
# `key: 'string'` and `key: ['a', 'b']`, ignoring everything else.

def _read_string(text, i):
    """The JS string literal starting at text[i] (a quote); returns (value, next index)."""
    quote = text[i]
    out = []
    i += 1
    while i < len(text):
        ch = text[i]
        if ch == '\\':
            nxt = text[i + 1]
            out.append({'n': '\n', 't': '\t'}.get(nxt, nxt))
            i += 2
            continue
        if ch == quote:
            return ''.join(out), i + 1
        out.append(ch)
        i += 1
    raise ValueError('unterminated string')


def parse_objects(text):
    """Every object literal with a `name` and an `input`, in file order."""
    found = []
    stack = []          # one dict per open brace
    key = None          # the key whose value comes next
    i = 0
    ident = re.compile(r'[A-Za-z_$][A-Za-z0-9_$]*')
    while i < len(text):
        ch = text[i]
        if text.startswith('//', i):
            i = text.find('\n', i)
            i = len(text) if i < 0 else i
            continue
        if text.startswith('/*', i):
            i = text.find('*/', i) + 2
            continue
        if ch in '\'"`':
            value, i = _read_string(text, i)
            if stack and key is not None:
                stack[-1][key] = value
            key = None
            continue
        if (ch == '[' and stack and key is not None
                and text[i + 1:].lstrip()[:1] in ('\'', '"', '`')):
            # An array of strings (src): keep them. Other arrays (a group's
            # puzzles) are read on through, object by object.
            items, j, depth = [], i + 1, 1
            while j < len(text) and depth:
                if text[j] in '\'"`':
                    v, j = _read_string(text, j)
                    items.append(v)
                    continue
                depth += {'[': 1, ']': -1}.get(text[j], 0)
                j += 1
            if stack:
                stack[-1][key] = items
            key, i = None, j
            continue
        if ch == '{':
            stack.append({})
            key = None
        elif ch == '}':
            obj = stack.pop() if stack else {}
            if 'name' in obj and 'input' in obj:
                found.append(obj)
            key = None
        elif ch == ',':
            key = None
        else:
            m = ident.match(text, i)
            if m:
                j = m.end()
                while j < len(text) and text[j] in ' \t':
                    j += 1
                if j < len(text) and text[j] == ':' and stack:
                    key = m.group(0)
                    i = j + 1
                    continue
                i = m.end()
                continue
        i += 1
    return found


# --- Converting ISS constraint strings ---------------------------------------

class Skip(Exception):
    """The example cannot be converted for certain: the message says why."""


# ISS's cell ids: R<row>C<column>, each one character on grids up to 16x16,
# 1..9 then a..g for 10..16 (R1Cb is row 1, column 11).
CELL = re.compile(r'^R([1-9a-g])C([1-9a-g])$')
SYMBOLS = '123456789ABCDEFG'   # numplace's digits 1..16 in a puzzle line


def coord(ch):
    return int(ch) if ch.isdigit() else ord(ch) - ord('a') + 10


def cell(text, n):
    m = CELL.match(text)
    if not m:
        raise Skip(f'cell id {text!r} not read')
    r, c = coord(m.group(1)), coord(m.group(2))
    if not (1 <= r <= n and 1 <= c <= n):
        raise Skip(f'cell {text} outside the grid')
    return (r, c)


def name(rc):
    return f'r{rc[0]}c{rc[1]}'


def cells_list(cells):
    return '[' + ', '.join(name(c) for c in cells) + ']'


def adjacent(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def adjacent_pairs(cells):
    """ISS lets one dot/XV constraint list several cells: it stands for every
    orthogonally adjacent pair among them (each pair once)."""
    pairs = []
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if adjacent(a, b):
                pairs.append((a, b))
    if not pairs:
        raise Skip('a dot or XV marker on cells that are not adjacent')
    return pairs


def split_at_repeats(cells):
    """A whisper line in ISS may revisit a cell (a loop); numplace's lines may
    not. Whispers are a rule on consecutive pairs, so cutting the line where a
    cell would repeat, each piece starting at the previous piece's last cell,
    keeps exactly the same pairs."""
    pieces, cur = [], []
    for c in cells:
        if c in cur:
            pieces.append(cur)
            cur = [cur[-1]]
        cur.append(c)
    pieces.append(cur)
    return [p for p in pieces if len(p) >= 2]


def little_killer_map(n):
    """ISS names a little killer by its diagonal's first cell; which diagonal
    a cell starts is ISS's fixed order: left edge running down-right, right
    edge up-left, top edge down-left, bottom edge up-right, a diagonal already
    named keeping its first name. Returns first cell -> (direction, cells)."""
    out, seen = {}, set()

    def add(r, c, dr, dc, direction):
        cells = []
        while 1 <= r <= n and 1 <= c <= n:
            cells.append((r, c))
            r, c = r + dr, c + dc
        if len(cells) <= 1:
            return
        key = frozenset(cells)
        if key in seen:
            return
        seen.add(key)
        out[cells[0]] = (direction, cells, (dr, dc))

    for r in range(1, n):
        add(r, 1, 1, 1, 'DR')
    for r in range(2, n):
        add(r, n, -1, -1, 'UL')
    for c in range(2, n + 1):
        add(1, c, 1, -1, 'DL')
    for c in range(2, n):
        add(n, c, -1, 1, 'UR')
    return out


def line_clue(ident, forward, n):
    """An ISS row/column clue id (R3, C5) with its reading direction: the
    clue's position one step outside the grid, in numplace's 1-based form."""
    m = re.match(r'^([RC])(\d+)$', ident)
    if not m or not 1 <= int(m.group(2)) <= n:
        raise Skip(f'outside clue {ident!r} not read')
    k = int(m.group(2))
    if m.group(1) == 'R':
        return f'r{k}c0' if forward else f'r{k}c{n + 1}'
    return f'r0c{k}' if forward else f'r{n + 1}c{k}'


def integer(text, what):
    if not re.match(r'^-?\d+$', text):
        raise Skip(f'{what} {text!r} is not a number')
    return int(text)


def solution_line(sol, n):
    """ISS writes a solution as one digit a cell, or on 16x16 one letter a
    cell, A for 1 to P for 16; numplace's line uses 1..9 then A..G."""
    if n <= 9 and re.match(r'^[1-9]{%d}$' % (n * n), sol):
        return sol
    if n == 16 and re.match(r'^[A-P]{256}$', sol):
        return ''.join(SYMBOLS[ord(ch) - ord('A')] for ch in sol)
    raise Skip(f'solution is not {n * n} digits of 1..{n}')


def convert_jigsaw_shorthand(ex):
    """ISS's jigsaw shorthand: the givens line, a space, the region layout
    line. Only the 16x16 one (givens as letters A..P for 1..16) is read."""
    givens, layout = ex['input'].split(' ')
    n = 16
    if not re.match(r'^[.A-P]{256}$', givens) or len(layout) != 256:
        raise Skip("input is in ISS's killer/jigsaw shorthand, not its constraint string")
    labels = {}
    for ch in layout:
        labels.setdefault(ch, chr(ord('A') + len(labels)))
    if len(labels) != n or any(layout.count(ch) != n for ch in labels):
        raise Skip('Jigsaw layout without N regions of N cells')
    regions = [''.join(labels[ch] for ch in layout[r * n:(r + 1) * n]) for r in range(n)]
    puzzle = ''.join('.' if ch == '.' else SYMBOLS[ord(ch) - ord('A')] for ch in givens)
    return str(n), regions, puzzle, [], [], solution_line(ex.get('solution', ''), n)


def convert_killer_shorthand(ex):
    """The 81-character killer shorthand ISS reads (forum.enjoysudoku.com,
    "understandable snarfable killer cages"): each cell either holds its
    cage's sum (0-9, A-Z for 10-35, a-j for 36-45) or points at a neighbour
    in its cage (< > ^ v, and ` ' , . for up-left, up-right, down-left,
    down-right). No givens."""
    text, n = ex['input'], 9
    steps = {'<': (0, -1), '>': (0, 1), '^': (-1, 0), 'v': (1, 0),
             '`': (-1, -1), "'": (-1, 1), ',': (1, -1), '.': (1, 1)}
    cages = {}
    for i in range(n * n):
        r, c, hops = i // n, i % n, 0
        while text[r * n + c] in steps:
            dr, dc = steps[text[r * n + c]]
            r, c, hops = r + dr, c + dc, hops + 1
            if not (0 <= r < n and 0 <= c < n) or hops > n:
                raise Skip('killer shorthand pointing off the grid or in a loop')
        cages.setdefault(r * n + c, []).append((i // n + 1, i % n + 1))
    constraints = []
    for head, cs in sorted(cages.items()):
        ch = text[head]
        if ch.isdigit():
            total = int(ch)
        elif 'A' <= ch <= 'Z':
            total = ord(ch) - ord('A') + 10
        elif 'a' <= ch <= 'j':
            total = ord(ch) - ord('a') + 36
        else:
            raise Skip(f'killer shorthand cage head {ch!r}')
        constraints.append(f'{{kind: killercage, cells: {cells_list(cs)}, sum: {total}}}')
    return '3x3', None, '.' * (n * n), constraints, [], solution_line(ex.get('solution', ''), n)


# The ISS types convert() reads ('' is the givens); any other type has no
# numplace kind with its rule (or, as noted, one not checked to be the same).
CONVERTED = {'', 'Shape', 'Thermo', 'Whisper', 'Renban', 'Palindrome', 'Between',
             'RegionSumLine', 'WhiteDot', 'BlackDot', 'X', 'V', 'Cage', 'Arrow',
             'Diagonal', 'AntiKnight', 'AntiKing', 'AntiConsecutive', 'DisjointSets',
             'Windoku', 'StrictKropki', 'StrictXV', 'NoBoxes', 'Jigsaw', 'Sandwich',
             'XSum', 'Skyscraper', 'LittleKiller', 'Quad', 'Indexing', 'SameValues'}


def convert(ex):
    """One example -> (size, regions, puzzle, constraints, negative, solution)."""
    inp = ex['input']
    if re.match(r'^[.A-Z]+ [0-9A-Za-z]+$', inp):
        return convert_jigsaw_shorthand(ex)
    if len(inp) == 81 and re.match(r"^[0-9A-Za-j^<v>`',.]*$", inp) and re.search(r"[<v>^`',]", inp):
        return convert_killer_shorthand(ex)
    if inp.startswith('/'):
        raise Skip('input is a file path (.iss/.js), not a constraint string')
    if not inp.startswith('.') or '~' not in inp:
        raise Skip("input is in ISS's killer/jigsaw shorthand, not its constraint string")
    segments = [s.strip() for s in inp.split('.')]
    segments = [s.split('~') for s in segments if s]

    # Name every ISS type the example uses that is not converted, not just
    # the first. Entropic is left out although numplace has entropic lines:
    # its ISS rule was not checked against numplace's (and the one example
    # using it also has a Pair constraint).
    unknown = sorted({p[0] for p in segments} - CONVERTED)
    if unknown:
        notes = {'Entropic': "Entropic (numplace's entropicline, but not checked to be the same rule)"}
        raise Skip('not converted: ' + ', '.join(notes.get(k, k) for k in unknown))

    # The shape first: only 9x9 unless given, and only the plain 1..N values.
    n, size = 9, '3x3'
    for parts in segments:
        if parts[0] == 'Shape':
            if len(parts) != 2:
                raise Skip(f"Shape with a value range ({'~'.join(parts[1:])})")
            shapes = {'9x9': (9, '3x3'), '6x6': (6, '2x3'), '4x4': (4, '2x2'), '16x16': (16, '4x4')}
            if parts[1] not in shapes:
                raise Skip(f'grid shape {parts[1]} not converted')
            n, size = shapes[parts[1]]

    givens = {}
    constraints = []
    negative = []
    no_boxes = False
    regions = None
    lk_map = little_killer_map(n)
    for parts in segments:
        kind, args = parts[0], parts[1:]
        if kind == 'Shape':
            continue
        if kind == '':
            for a in args:
                cid, *vals = a.split('_')
                rc = cell(cid, n)
                vals = [integer(v, 'given') for v in vals]
                if len(vals) == 1:
                    givens[rc] = vals[0]
                elif n == 9 and sorted(vals) == [2, 4, 6, 8]:
                    constraints.append(f'{{kind: even, cells: [{name(rc)}]}}')
                elif n == 9 and sorted(vals) == [1, 3, 5, 7, 9]:
                    constraints.append(f'{{kind: odd, cells: [{name(rc)}]}}')
                else:
                    raise Skip('pencilmark cells (candidate lists): the corpus has no candidate masks for variants')
        elif kind == 'Thermo':
            cs = [cell(a, n) for a in args]
            constraints.append(f'{{kind: thermometer, cells: {cells_list(cs)}}}')
        elif kind == 'Whisper':
            d = 5  # ISS's default: German whispers
            if args and re.match(r'^\d+$', args[0]):
                d, args = int(args[0]), args[1:]
            cs = [cell(a, n) for a in args]
            for piece in split_at_repeats(cs):
                constraints.append(f'{{kind: whispers, cells: {cells_list(piece)}, value: {d}}}')
        elif kind in ('Renban', 'Palindrome', 'Between', 'RegionSumLine'):
            key = {'Renban': 'renban', 'Palindrome': 'palindrome',
                   'Between': 'betweenline', 'RegionSumLine': 'regionsumline'}[kind]
            cs = [cell(a, n) for a in args]
            if len(set(cs)) != len(cs):
                raise Skip(f'{kind} line revisits a cell')
            constraints.append(f'{{kind: {key}, cells: {cells_list(cs)}}}')
        elif kind in ('WhiteDot', 'BlackDot', 'X', 'V'):
            key, value = {'WhiteDot': ('difference', 1), 'BlackDot': ('ratio', 2),
                          'X': ('xv', 10), 'V': ('xv', 5)}[kind]
            cs = [cell(a, n) for a in args]
            for a, b in adjacent_pairs(cs):
                constraints.append(f'{{kind: {key}, cells: [{name(a)}, {name(b)}], value: {value}}}')
        elif kind == 'Cage':
            if not args:
                raise Skip('Cage without cells')
            cs = [cell(a, n) for a in args[1:]]
            if args[0].strip() == '':
                constraints.append(f'{{kind: killercage, cells: {cells_list(cs)}}}')
            else:
                s = integer(args[0], 'cage sum')
                constraints.append(f'{{kind: killercage, cells: {cells_list(cs)}, sum: {s}}}')
        elif kind == 'Arrow':
            # ISS: the first cell is the circle, the rest the arrow's line.
            cs = [cell(a, n) for a in args]
            if len(cs) < 2:
                raise Skip('Arrow without a line')
            constraints.append(f'{{kind: arrow, circle: [{name(cs[0])}], lines: [{cells_list(cs[1:])}]}}')
        elif kind == 'Diagonal':
            if args not in (['1'], ['-1']):
                raise Skip(f'Diagonal direction {args!r}')
            # ISS: 1 is the "/" diagonal, -1 the "\" one.
            constraints.append('diagonal+' if args == ['1'] else 'diagonal-')
        elif kind in ('AntiKnight', 'AntiKing', 'AntiConsecutive', 'DisjointSets', 'Windoku',
                      'StrictKropki', 'StrictXV', 'NoBoxes'):
            if args:
                raise Skip(f'{kind} with arguments')
            if kind == 'AntiKnight':
                constraints.append('antiknight')
            elif kind == 'AntiKing':
                constraints.append('antiking')
            elif kind == 'AntiConsecutive':
                constraints.append('nonconsecutive')
            elif kind == 'DisjointSets':
                constraints.append('disjointgroups')
            elif kind == 'StrictKropki':
                # No dot: neither consecutive nor in ratio 2 (both negative rules).
                negative += ['difference', 'ratio']
            elif kind == 'StrictXV':
                negative.append('xv')
            elif kind == 'NoBoxes':
                no_boxes = True
            else:
                if n != 9:
                    raise Skip('Windoku off 9x9')
                # The four windows: rows and columns 2-4 and 6-8.
                for r0 in (2, 6):
                    for c0 in (2, 6):
                        cs = [(r0 + i, c0 + j) for i in range(3) for j in range(3)]
                        constraints.append(f'{{kind: extraregion, cells: {cells_list(cs)}}}')
        elif kind == 'Jigsaw':
            layout = args[-1] if args else ''
            if len(layout) != n * n:
                raise Skip('Jigsaw layout of the wrong length')
            labels = {}
            for ch in layout:
                labels.setdefault(ch, chr(ord('A') + len(labels)))
            if len(labels) != n or any(layout.count(ch) != n for ch in labels):
                raise Skip('Jigsaw layout without N regions of N cells')
            rows = [''.join(labels[ch] for ch in layout[r * n:(r + 1) * n]) for r in range(n)]
            regions = rows
        elif kind == 'Sandwich':
            if len(args) != 2:
                raise Skip('Sandwich arguments')
            s = integer(args[0], 'sandwich sum')
            # ISS: sandwich clues sit at the top or the left only.
            constraints.append(f'{{kind: sandwichsum, clue: {line_clue(args[1], True, n)}, sum: {s}}}')
        elif kind in ('XSum', 'Skyscraper'):
            # ISS: ID~front~back, either value empty; front is the top/left clue.
            if len(args) not in (2, 3):
                raise Skip(f'{kind} arguments')
            for forward, v in ((True, args[1]), (False, args[2] if len(args) > 2 else '')):
                if v == '':
                    continue
                v = integer(v, f'{kind} clue')
                clue = line_clue(args[0], forward, n)
                if kind == 'XSum':
                    constraints.append(f'{{kind: xsum, clue: {clue}, sum: {v}}}')
                else:
                    constraints.append(f'{{kind: skyscraper, clue: {clue}, value: {v}}}')
        elif kind == 'LittleKiller':
            if len(args) != 2:
                raise Skip('LittleKiller arguments')
            s = integer(args[0], 'little killer sum')
            first = cell(args[1], n)
            if first not in lk_map:
                raise Skip(f'little killer at {args[1]} names no diagonal')
            direction, _, (dr, dc) = lk_map[first]
            clue = f'r{first[0] - dr}c{first[1] - dc}'
            constraints.append(f'{{kind: littlekillersum, clue: {clue}, direction: {direction}, sum: {s}}}')
        elif kind == 'Quad':
            if len(args) < 2:
                raise Skip('Quad arguments')
            r, c = cell(args[0], n)
            if r == n or c == n:
                raise Skip('Quad off the grid')
            digits = [integer(v, 'quad digit') for v in args[1:]]
            if len(set(digits)) != len(digits):
                # numplace reads a repeated digit as "at least twice"; ISS's
                # reading of one is not checked here, so it is not converted.
                raise Skip('Quad listing a digit twice')
            cs = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            constraints.append(f'{{kind: quadruple, cells: {cells_list(cs)}, digits: [{", ".join(map(str, digits))}]}}')
        elif kind == 'Indexing':
            if not args or args[0] not in ('R', 'C'):
                raise Skip('Indexing type')
            key = 'columnindexer' if args[0] == 'C' else 'rowindexer'
            for a in args[1:]:
                constraints.append(f'{{kind: {key}, cells: [{name(cell(a, n))}]}}')
        elif kind == 'SameValues':
            # Sets of one cell each are all equal digits: a clone of the
            # cells shifted by one. Larger sets are equal multisets, which
            # numplace has no kind for.
            cs = [cell(a, n) for a in args[1:]]
            if not args or integer(args[0], 'set count') != len(cs):
                raise Skip('SameValues with sets of more than one cell (equal multisets)')
            constraints.append(f'{{kind: clone, cells: {cells_list(cs[:-1])}, clone: {cells_list(cs[1:])}}}')
        else:
            raise Skip(f'{kind}: no numplace kind')

    if regions is not None and not no_boxes:
        raise Skip('Jigsaw regions on top of boxes')
    if no_boxes and regions is None:
        regions = 'none'
    if regions is not None:
        size = str(n)
    if any(not 1 <= v <= n for v in givens.values()):
        raise Skip(f'a given outside 1..{n}')
    puzzle = ''.join(SYMBOLS[givens[(r, c)] - 1] if (r, c) in givens else '.'
                     for r in range(1, n + 1) for c in range(1, n + 1))
    sol = solution_line(ex.get('solution', ''), n)
    return size, regions, puzzle, constraints, sorted(set(negative)), sol


def slug(text):
    s = re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')
    return s or 'puzzle'


def yaml_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


# Examples left out although they convert: the bundled corpus runs in every
# default verify, where one entry should not cost seconds.
TOO_SLOW = {
    'Killing with flowers': 'converts, but csp and sat take about 10 s each on it (the default verify runs every entry)',
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('path', help="a clone's data/example_puzzles.js")
    ap.add_argument('--commit', help='the ISS commit the file is from (default: git in its directory)')
    args = ap.parse_args()
    with open(args.path, encoding='utf-8') as f:
        text = f.read()
    commit = args.commit
    if not commit:
        try:
            commit = subprocess.run(['git', '-C', os.path.dirname(os.path.abspath(args.path)),
                                     'rev-parse', 'HEAD'], capture_output=True, text=True,
                                    check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            commit = 'unknown'
    short = commit[:8]

    entries, skipped, ids = [], [], set()
    for ex in parse_objects(text):
        try:
            if ex['name'] in TOO_SLOW:
                raise Skip(TOO_SLOW[ex['name']])
            size, regions, puzzle, constraints, negative, sol = convert(ex)
        except Skip as why:
            skipped.append((ex['name'], str(why)))
            print(f"skipped {ex['name']!r}: {why}", file=sys.stderr)
            continue
        ident = 'iss-' + slug(ex['name'])
        while ident in ids:
            ident += '-2'
        ids.add(ident)
        src = ex.get('src', [])
        src = [src] if isinstance(src, str) else list(src)
        source = (f"\"{ex['name']}\" from ISS's example puzzles (github.com/sigh/Interactive-Sudoku-Solver, "
                  f"data/example_puzzles.js, commit {short}, MIT), with its published solution"
                  + (f"; source: {', '.join(src)}" if src else '')
                  + '; the puzzle is its setter\'s work')
        lines = [f'- id: {ident}', f'  size: {size}']
        if regions == 'none':
            lines.append('  regions: none')
        elif regions is not None:
            lines.append('  regions:')
            lines += [f'    - {row}' for row in regions]
        lines.append(f'  puzzle: {puzzle}')
        variant = bool(constraints or negative or regions is not None)
        if constraints:
            lines.append('  constraints:')
            lines += [f'    - {c}' for c in constraints]
        if negative:
            lines.append(f"  negative: [{', '.join(negative)}]")
        lines += ['  expect:', '    verdict: unique', f'    solution: "{sol}"', '    count: 1',
                  f'  source: {yaml_string(source)}',
                  '  tags: [variant, published, iss]' if variant else '  tags: [classic, published, iss]']
        entries.append('\n'.join(lines))

    out = sys.stdout
    out.write(
        "# The example puzzles of sigh's Interactive Sudoku Solver (ISS), each with\n"
        "# its published solution: github.com/sigh/Interactive-Sudoku-Solver,\n"
        f"# data/example_puzzles.js at commit {commit}\n"
        "# (MIT). The puzzles are their setters' work; each entry's `source` keeps\n"
        "# the example's name and its source links. Written by\n"
        "#   python3 scripts/iss-examples.py CLONE/data/example_puzzles.js > corpus/variants-iss.yaml\n"
        "# which converts ISS's constraint strings (and its killer and 16x16 jigsaw\n"
        "# shorthands) to numplace's kinds and skips every example with a\n"
        "# constraint numplace has no kind for or whose conversion is not certain.\n"
        f"# {len(entries)} converted, {len(skipped)} skipped:\n")
    for nm, why in skipped:
        out.write(f'#   {nm}: {why}\n')
    out.write('\n'.join(entries) + '\n')


if __name__ == '__main__':
    main()
