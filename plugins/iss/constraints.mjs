// numplace's variant puzzle (f-puzzles JSON, as numplace writes it:
// docs/fpuzzles.md, "What is written") as constraints of sigh's Interactive
// Sudoku Solver. Each numplace kind (docs/variants.md) is said with ISS
// constraints whose rule is the same, or with ISS's pairwise and weighted-sum
// constraints where ISS's own kind reads differently (entropic lines of any
// N/3, clones, minimum and maximum cells, the negative rules). Every key this
// file does not map is refused (UnsupportedPuzzle): the driver then answers
// "unknown", never another puzzle's answer.

export class UnsupportedPuzzle extends Error {}

// The kinds mapped here, by their f-puzzles keys (iss.solver.yaml declares
// exactly these: all 32).
const KEYS = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', 'negative',
  'diagonal+', 'diagonal-', 'antiknight', 'antiking', 'disjointgroups', 'nonconsecutive',
  'extraregion', 'odd', 'even', 'minimum', 'maximum', 'rowindexer', 'columnindexer', 'boxindexer',
  'thermometer', 'palindrome', 'renban', 'whispers', 'regionsumline', 'betweenline', 'entropicline',
  'clone', 'arrow', 'killercage', 'littlekillersum', 'sandwichsum', 'xsum', 'skyscraper',
  'difference', 'ratio', 'xv', 'quadruple',
]);

// "R12C3" (1-based, as f-puzzles names cells) as [row, column], 0-based.
const rowCol = (name) => {
  const m = /^R(\d+)C(\d+)$/.exec(name);
  if (!m) throw new UnsupportedPuzzle(`'${name}' is not a cell name`);
  return [+m[1] - 1, +m[2] - 1];
};

// True when two givens repeat a digit in a row, a column or (with boxes) a
// box: numplace calls such a puzzle invalid and finds the broken rule
// itself, where ISS would only find no solution.
export const givensRepeat = (fp, box) => {
  const n = fp.size, [rows, cols] = box, seen = new Set();
  const boxes = !(fp.grid || []).flat().some(c => c && 'region' in c);
  let repeated = false;
  (fp.grid || []).forEach((row, r) => row.forEach((cell, c) => {
    if (!cell || !cell.given || !cell.value) return;
    const units = [`r${r}`, `c${c}`];
    if (boxes) units.push(`b${Math.floor(r / rows) * rows + Math.floor(c / cols)}`);
    for (const unit of units) {
      const key = `${unit}:${cell.value}`;
      repeated ||= seen.has(key);
      seen.add(key);
    }
  }));
  return n > 0 && repeated;
};

// Builds the ISS constraints of one puzzle; `iss` holds ISS's classes, `box`
// the box shape [rows, columns] numplace sent (its `size`).
export class PuzzleBuilder {
  constructor(iss, fp, box) {
    for (const key of Object.keys(fp)) {
      if (!KEYS.has(key)) throw new UnsupportedPuzzle(`the key '${key}' is not mapped to ISS`);
    }
    this.iss = iss;
    this.fp = fp;
    this.n = fp.size;
    this.box = box;
    this.geometry = iss.CellGeometry.fromShapeSpec(`${this.n}x${this.n}`);
    this.out = [new iss.SudokuConstraint.Shape(`${this.n}x${this.n}`)];
    this.allowed = new Map();  // cell id -> the values a given or a parity leaves
  }

  id(name) { const [r, c] = rowCol(name); return this.geometry.makeCellId(r, c); }
  idAt(r, c) { return this.geometry.makeCellId(r, c); }
  add(name, ...args) { this.out.push(new this.iss.SudokuConstraint[name](...args)); }
  list(key) { return this.fp[key] || []; }
  value(entry, fallback) { return entry.value === undefined || entry.value === '' ? fallback : +entry.value; }

  // A relation on the values of two cells, (a, b) => bool, a the first cell's.
  pair(fn, a, b) {
    const key = this.iss.SudokuConstraint.Pair.fnToKey(fn, this.n);
    this.add('Pair', key, '', a, b);
  }

  restrict(cell, values) {
    const had = this.allowed.get(cell);
    this.allowed.set(cell, had ? had.filter(v => values.includes(v)) : values);
  }

  build() {
    this.regions();
    this.givens();
    this.globals();
    this.cells();
    this.lines();
    this.sums();
    this.dots();
    for (const [cell, values] of this.allowed) this.add('Given', cell, ...values);
    return new this.iss.SudokuConstraint.Container(this.out);
  }

  // Regions: f-puzzles' `region` numbers on every cell (irregular, or boxes
  // of a shape other than the side's default), null on every cell (none),
  // or no `region` at all (the boxes of numplace's `size`).
  regions() {
    const cells = (this.fp.grid || []).flat();
    const marked = cells.filter(c => c && 'region' in c);
    if (marked.length === 0) return this.boxes();
    this.add('NoBoxes');
    if (marked.every(c => c.region === null)) return;
    if (marked.length !== this.n * this.n) throw new UnsupportedPuzzle('regions on some cells only');
    this.jigsaw(cells.map(c => c.region));
  }

  // numplace's boxes: ISS's own when its default box shape for N is the
  // same, else the same boxes given as jigsaw pieces.
  boxes() {
    const [rows, cols] = this.box;
    if (rows * cols !== this.n) throw new UnsupportedPuzzle(`boxes ${rows}x${cols} on a side of ${this.n}`);
    const [h, w] = this.iss.CellGeometry.boxDimsForSize(this.n, this.n, this.n);
    if (h === rows && w === cols) return;
    this.add('NoBoxes');
    const map = [];
    for (let r = 0; r < this.n; r++) {
      for (let c = 0; c < this.n; c++) map.push(Math.floor(r / rows) * rows + Math.floor(c / cols));
    }
    this.jigsaw(map);
  }

  jigsaw(map) {
    const pieces = new Map();
    map.forEach((region, i) => {
      if (!pieces.has(region)) pieces.set(region, []);
      pieces.get(region).push(this.idAt(Math.floor(i / this.n), i % this.n));
    });
    for (const piece of pieces.values()) this.add('Jigsaw', this.geometry.name, ...piece);
  }

  givens() {
    (this.fp.grid || []).forEach((row, r) => row.forEach((cell, c) => {
      if (cell && cell.given && cell.value) this.restrict(this.idAt(r, c), [+cell.value]);
    }));
    const digits = [...Array(this.n).keys()].map(v => v + 1);
    for (const e of this.list('odd')) this.restrict(this.id(e.cell), digits.filter(v => v % 2 === 1));
    for (const e of this.list('even')) this.restrict(this.id(e.cell), digits.filter(v => v % 2 === 0));
  }

  // The kinds with no cells of their own.
  globals() {
    const n = this.n, all = [...Array(n).keys()];
    if (this.fp['diagonal+']) this.add('AllDifferent', ...all.map(i => this.idAt(n - 1 - i, i)));
    if (this.fp['diagonal-']) this.add('AllDifferent', ...all.map(i => this.idAt(i, i)));
    if (this.fp.antiknight) this.add('AntiKnight');
    if (this.fp.antiking) this.add('AntiKing');
    if (!this.fp.disjointgroups) return;
    const [rows, cols] = this.box;
    if ((this.fp.grid || []).flat().some(c => c && 'region' in c)) {
      throw new UnsupportedPuzzle('disjoint groups without boxes');
    }
    for (const p of all) {
      const group = all.map(b => this.idAt(Math.floor(b / (n / cols)) * rows + Math.floor(p / cols),
                                           (b % (n / cols)) * cols + p % cols));
      this.add('AllDifferent', ...group);
    }
  }

  neighbours(name) {
    const [r, c] = rowCol(name);
    return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
      .filter(([y, x]) => y >= 0 && x >= 0 && y < this.n && x < this.n)
      .map(([y, x]) => `R${y + 1}C${x + 1}`);
  }

  // Extra regions, minimum and maximum cells, indexers, quadruples, clones.
  cells() {
    for (const e of this.list('extraregion')) this.add('AllDifferent', ...e.cells.map(c => this.id(c)));
    for (const [key, fn] of [['minimum', (a, b) => a < b], ['maximum', (a, b) => a > b]]) {
      const marked = new Set(this.list(key).map(e => e.cell));
      for (const cell of marked) {
        for (const other of this.neighbours(cell)) {
          if (!marked.has(other)) this.pair(fn, this.id(cell), this.id(other));
        }
      }
    }
    // Indexers come as {cells}: one indexer per cell.
    for (const e of this.list('rowindexer')) for (const c of e.cells) this.add('Indexing', 'R', this.id(c));
    for (const e of this.list('columnindexer')) for (const c of e.cells) this.add('Indexing', 'C', this.id(c));
    for (const e of this.list('boxindexer')) for (const c of e.cells) this.boxIndexer(c);
    for (const e of this.list('quadruple')) {
      this.add('ContainAtLeast', e.values.map(Number).join('_'), ...e.cells.map(c => this.id(c)));
    }
    for (const e of this.list('clone')) {
      e.cells.forEach((cell, i) => {
        if (cell !== e.cloneCells[i]) this.pair((a, b) => a === b, this.id(cell), this.id(e.cloneCells[i]));
      });
    }
  }

  // A box indexer at position p of its box holding d: the cell at position
  // d-1 of the box holds p+1. ISS has no such constraint: one branch per d,
  // of which only the cell's own digit can hold.
  boxIndexer(name) {
    if ((this.fp.grid || []).flat().some(c => c && 'region' in c)) {
      throw new UnsupportedPuzzle('a box indexer without boxes');
    }
    const [rows, cols] = this.box, [r, c] = rowCol(name), S = this.iss.SudokuConstraint;
    const top = r - r % rows, left = c - c % cols, p = (r % rows) * cols + c % cols;
    const branches = [];
    for (let d = 1; d <= this.n; d++) {
      const target = this.idAt(top + Math.floor((d - 1) / cols), left + (d - 1) % cols);
      branches.push(new S.And([new S.Given(this.id(name), d), new S.Given(target, p + 1)]));
    }
    this.out.push(new S.Or(branches));
  }

  lines() {
    const each = (key, make) => {
      for (const e of this.list(key)) for (const line of e.lines) make(line.map(c => this.id(c)), e);
    };
    each('thermometer', ids => this.add('Thermo', ...ids));
    each('palindrome', ids => this.add('Palindrome', ...ids));
    each('renban', ids => this.add('Renban', ...ids));
    each('whispers', (ids, e) => this.add('Whisper', this.value(e, Math.floor((this.n + 1) / 2)), ...ids));
    each('regionsumline', ids => this.add('RegionSumLine', ...ids));
    each('betweenline', ids => this.add('Between', ...ids));
    // Any three in a row: one low, one middle, one high (N/3 digits each):
    // every two of them in different thirds.
    const third = v => Math.floor((v - 1) / (this.n / 3));
    each('entropicline', ids => {
      if (ids.length < 3) return;
      if (this.n % 3 !== 0) throw new UnsupportedPuzzle('an entropic line with N not divisible by 3');
      for (let i = 0; i + 1 < ids.length; i++) this.pair((a, b) => third(a) !== third(b), ids[i], ids[i + 1]);
      for (let i = 0; i + 2 < ids.length; i++) this.pair((a, b) => third(a) !== third(b), ids[i], ids[i + 2]);
    });
  }

  // The cells of an outside clue: the whole row or column from the clue's
  // side (sandwich, X-sum, skyscraper), or the diagonal it points along.
  outside(e) {
    const [r, c] = rowCol(e.cell), n = this.n, all = [...Array(n).keys()];
    if (e.direction) {
      const [dr, dc] = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[e.direction] || [0, 0];
      const ids = [];
      for (let y = r + dr, x = c + dc; dr && y >= 0 && x >= 0 && y < n && x < n; y += dr, x += dc) {
        ids.push(this.idAt(y, x));
      }
      return ids;
    }
    if (r === -1 || r === n) return (r === -1 ? all : all.reverse()).map(y => this.idAt(y, c));
    if (c === -1 || c === n) return (c === -1 ? all : all.reverse()).map(x => this.idAt(r, x));
    throw new UnsupportedPuzzle(`the clue ${e.cell} is not outside the grid`);
  }

  // Arrows, cages and the outside clues: sums.
  sums() {
    for (const e of this.list('arrow')) this.arrow(e);
    for (const e of this.list('killercage')) {
      const ids = e.cells.map(c => this.id(c)), sum = this.value(e, null);
      if (sum === null) this.add('AllDifferent', ...ids);
      else this.add('Cage', sum, ...ids);
    }
    for (const e of this.list('littlekillersum')) {
      if (this.value(e, null) !== null) this.add('Sum', this.value(e, null), ...this.outside(e));
    }
    for (const [key, name] of [['sandwichsum', 'Sandwich'], ['xsum', 'XSum'], ['skyscraper', 'Skyscraper']]) {
      for (const e of this.list(key)) {
        if (this.value(e, null) === null) continue;
        const cls = this.iss.SudokuConstraint[name];
        this.out.push(cls.fromCells(this.value(e, null), this.outside(e), this.geometry));
      }
    }
  }

  // Each line sums to the circle's number, its cells read as decimal places:
  // a weighted sum, line cells 1, circle cells -1, -10, -100 (ISS weights
  // reach 100: circles of up to three cells).
  arrow(e) {
    const circle = e.cells;
    if (circle.length > 3) throw new UnsupportedPuzzle('an arrow circle of more than three cells');
    const weights = circle.map((cell, i) => [this.id(cell), -(10 ** (circle.length - 1 - i))]);
    for (const line of e.lines) {
      const cells = line.filter(c => !circle.includes(c)).map(c => this.id(c));
      if (cells.length === 0) throw new UnsupportedPuzzle('an arrow line inside its circle');
      this.add('Sum', 0, ...cells, ...weights);
    }
  }

  // XV and Kropki dots, and the negative rules over every adjacent pair.
  dots() {
    const key = (a, b) => [a, b].sort().join(' ');
    const xv = new Set(), kropki = new Set();
    for (const e of this.list('xv')) {
      xv.add(key(...e.cells));
      if (e.value !== 'X' && e.value !== 'V') throw new UnsupportedPuzzle(`the XV value '${e.value}'`);
      this.add('Sum', e.value === 'X' ? 10 : 5, ...e.cells.map(c => this.id(c)));
    }
    for (const e of this.list('difference')) {
      kropki.add(key(...e.cells));
      const d = this.value(e, 1);
      this.pair((a, b) => Math.abs(a - b) === d, this.id(e.cells[0]), this.id(e.cells[1]));
    }
    for (const e of this.list('ratio')) {
      kropki.add(key(...e.cells));
      const q = this.value(e, 2);
      this.pair((a, b) => a === q * b || b === q * a, this.id(e.cells[0]), this.id(e.cells[1]));
    }
    this.negatives(xv, kropki, key);
  }

  // f-puzzles' `nonconsecutive` is the negative rule of difference when the
  // puzzle has difference dots, else the kind non_consecutive (every pair).
  negatives(xv, kropki, key) {
    const negative = new Set(this.fp.negative || []);
    const differenceNegative = !!this.fp.nonconsecutive && this.list('difference').length > 0;
    const everyPair = !!this.fp.nonconsecutive && !differenceNegative;
    for (let i = 0; i < this.n * this.n; i++) {
      const a = `R${Math.floor(i / this.n) + 1}C${i % this.n + 1}`;
      for (const b of this.neighbours(a)) {
        if (rowCol(b)[0] * this.n + rowCol(b)[1] < i) continue;  // each pair once
        const dotted = kropki.has(key(a, b)), rules = [];
        if (everyPair || (differenceNegative && !dotted)) rules.push((x, y) => Math.abs(x - y) !== 1);
        if (negative.has('ratio') && !dotted) rules.push((x, y) => x !== 2 * y && y !== 2 * x);
        if (negative.has('xv') && !xv.has(key(a, b))) rules.push((x, y) => x + y !== 5 && x + y !== 10);
        if (rules.length) this.pair((x, y) => rules.every(rule => rule(x, y)), this.id(a), this.id(b));
      }
    }
  }
}
