// numplace's driver of Sudoku Explainer's rater (serate), as a command-line
// solver (plugins/serate/README.md). SE itself (LGPL, 1to9only's
// SudokuExplainer) is not in this repository: the build compiles this file
// against the user's own clone.
//
// One long-running process: each line read is one 9x9 puzzle ('.' or '0'
// for an empty cell); each line written is one JSON object,
//   {"solutions": ["<81 digits>"], "verdict": "found", "rating": "ER/EP/ED"}
// where ER, EP and ED are what serate's %r/%p/%d print (SE's getDifficulty,
// its own producer order and rounding). The solution is SE's brute-force
// one, which numplace certifies; a puzzle with no single solution, or one
// SE's rules cannot finish (SE's 20.0), gets verdict "unknown" and no
// rating: numplace then leaves it unrated.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;

import diuf.sudoku.Grid;
import diuf.sudoku.Settings;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.Solver;
import diuf.sudoku.solver.checks.SolutionHint;

public final class NumplaceSerate {
    private NumplaceSerate() {}

    public static void main(String[] args) throws Exception {
        Settings.getInstance().setNoSaves();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "US-ASCII"));
        PrintStream out = new PrintStream(System.out, false, "US-ASCII");
        for (String line; (line = in.readLine()) != null;) {
            out.println(answer(line.trim()));
            out.flush();
        }
    }

    // serate's rounding: (int)((d + 0.05) * 10) tenths.
    private static String tenths(double d) {
        int w = (int) ((d + 0.05) * 10);
        return (w / 10) + "." + (w % 10);
    }

    private static String answer(String puzzle) {
        if (puzzle.length() != 81) return "{\"verdict\": \"unknown\"}";
        Grid grid = new Grid();
        for (int i = 0; i < 81; i++) {
            char ch = puzzle.charAt(i);
            if (ch >= '1' && ch <= '9') grid.setCellValue(i % 9, i / 9, ch - '0');
        }
        Solver solver = new Solver(grid);
        solver.rebuildPotentialValues();
        // First SE's own check that there is one solution: its rules assume
        // it (and would search an empty grid for ever).
        Hint solved = solver.bruteForceSolve();
        if (!(solved instanceof SolutionHint)) return "{\"verdict\": \"unknown\"}";
        try {
            solver.getDifficulty();  // restores the grid when done
        } catch (UnsupportedOperationException e) {
            solver.difficulty = 0.0;
        }
        if (solver.difficulty <= 0.0 || solver.difficulty >= 20.0) return "{\"verdict\": \"unknown\"}";
        solved.apply(grid);
        StringBuilder solution = new StringBuilder(81);
        for (int i = 0; i < 81; i++) solution.append((char) ('0' + grid.getCellValue(i % 9, i / 9)));
        return "{\"solutions\": [\"" + solution + "\"], \"verdict\": \"found\", \"rating\": \""
                + tenths(solver.difficulty) + "/" + tenths(solver.pearl) + "/" + tenths(solver.diamond) + "\"}";
    }
}
