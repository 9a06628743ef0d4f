// numplace command-line solver over the npm package "sudoku" (dachev, 0.0.3):
// one long-running process; a puzzle line in (81 symbols, "." for empty),
// one JSON answer line out. The package's solvepuzzle() returns a solution
// or null, and nothing else: it never proves uniqueness, and null means "no
// solution" and "repeated givens" alike, so null is reported as "none" and
// numplace, which knows this solver cannot prove, takes it as no conclusion.
"use strict";
const readline = require("readline");
const sudoku = require("sudoku");

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const text = line.trim();
  if (text.length !== 81) {
    console.log(JSON.stringify({ verdict: "unknown", error: "expected 81 symbols" }));
    return;
  }
  // The package numbers values 0..8 and empty cells null.
  const puzzle = [...text].map((c) => (c >= "1" && c <= "9" ? Number(c) - 1 : null));
  const solution = sudoku.solvepuzzle(puzzle);
  if (solution) console.log(JSON.stringify({ solution: solution.map((v) => v + 1).join(""), verdict: "found" }));
  else console.log(JSON.stringify({ verdict: "none" }));
});
