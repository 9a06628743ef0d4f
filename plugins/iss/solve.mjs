// numplace command-line solver over sigh's Interactive Sudoku Solver (ISS,
// MIT, https://github.com/sigh/Interactive-Sudoku-Solver): one long-running
// Node.js process that loads ISS's solver engine from a clone outside this
// repository (its path is the first argument) and answers numplace's
// json-lines calls (docs/plugin-guide.md, "A solver in any language"):
//   in:  {"limit": L, "timeout": S, "size": "RxC", "puzzle": "<f-puzzles JSON>"}
//   out: {"solutions": [[...], ...], "count": K, "verdict": "..."}
// L is the solution limit (0: count them all), S the seconds left (0: no
// deadline). Nothing ISS prints is trusted: numplace certifies every
// solution against the puzzle.
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { PuzzleBuilder, UnsupportedPuzzle, givensRepeat } from './constraints.mjs';

// Standard output carries answers only: anything ISS might log goes to
// standard error (which numplace discards).
const write = (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`);
console.log = console.info = console.warn = console.debug = console.error;

const root = process.argv[2];
if (!root) {
  console.error('usage: node solve.mjs ISS_CLONE');
  process.exit(2);
}
// ISS's modules run in a browser's worker: they name the global `self` and
// add VERSION_PARAM to their imports.
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';
const load = (path) => import(pathToFileURL(join(root, path)).href);
const { SudokuConstraint } = await load('js/sudoku_constraint.js');
const { CellGeometry } = await load('js/cell_geometry.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
const iss = { SudokuConstraint, CellGeometry };

class PastDeadline extends Error {}

// Solutions until the limit, the end of the search, or the deadline (then
// the answer is "unknown", with any solution found). At most two solutions
// are printed: numplace needs two different ones to believe "multiple".
const search = (solver, limit, deadline) => {
  if (deadline) {
    solver.setProgressCallback(() => {
      if (Date.now() > deadline) throw new PastDeadline();
    }, 10);  // every 1024 steps of the search
  }
  const solutions = [];
  let count = 0;
  try {
    for (; limit === 0 || count < limit; count++) {
      const solution = solver.nthSolution(count);
      if (!solution) return { solutions, count, done: true };
      if (solutions.length < 2) solutions.push([...solution]);
    }
  } catch (e) {
    if (e instanceof PastDeadline) return { solutions, count, done: false, late: true };
    throw e;
  }
  return { solutions, count, done: false };
};

// The answer line: a complete search says none, unique or (a bare count)
// exactly how many; one stopped at the limit says found or multiple.
const answer = ({ solutions, count, done, late }) => {
  if (late) return { solutions, verdict: 'unknown' };
  if (done && count === 0) return { verdict: 'none' };
  if (done && count === 1) return { solutions, verdict: 'unique' };
  if (done) return { solutions, count };
  return { solutions, count, verdict: count >= 2 ? 'multiple' : 'found' };
};

const solve = (request) => {
  // Aim to have answered by nine tenths of the time numplace gives.
  const deadline = request.timeout > 0 ? Date.now() + request.timeout * 900 : 0;
  const box = String(request.size).split('x').map(Number);
  const fp = JSON.parse(request.puzzle);
  if (givensRepeat(fp, box)) return { verdict: 'invalid' };
  const constraint = new PuzzleBuilder(iss, fp, box).build();
  const solver = SudokuBuilder.build(constraint);
  return answer(search(solver, Number(request.limit) || 0, deadline));
};

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let reply;
  try {
    reply = solve(JSON.parse(line));
  } catch (e) {
    // A puzzle this driver does not map, or one ISS refuses to build: no
    // conclusion, and the reason for whoever reads the output.
    const why = e instanceof UnsupportedPuzzle ? e.message : `ISS: ${e.message}`;
    reply = { verdict: 'unknown', error: why };
  }
  write(reply);
});
