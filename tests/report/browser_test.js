#!/usr/bin/env node
// numplace report's pages in a real browser (label browser; docs/report.md).
// Makes pages with the real numplace: verify on a few corpus entries with a
// mutant plugin that fails some of them, bench with a tiny --seconds on
// puzzles of the bundled corpus, and the hand-written version 4 fixtures
// (tests/report/fixtures). Opens them in headless Chromium, reads the DOM
// after the scripts ran (--dump-dom) and checks that the tables hold the
// report's rows and that a filter in the URL fragment shows only matching
// rows; clicks (sorting, the scatter's plugins) go through the DevTools
// protocol over a pipe. No pixel is compared: a screenshot of each page kind
// is saved in the build folder for a person to look at.
//
// usage: browser_test.js SOURCE_DIR BIN_DIR MUTANT_DIR BUILD_DIR
// Exit 77 (ctest: skipped) when chromium is absent.
'use strict';
const {execFileSync, spawnSync, spawn} = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [source, bin, mutants, build] = process.argv.slice(2);
const numplace = path.join(bin, 'numplace');
const chromium = ['chromium', 'chromium-browser'].find(
    c => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0);
if (!chromium) {
  console.log('SKIPPED: chromium is not installed (apt-get install --no-install-recommends chromium; .ci/install-deps)');
  process.exit(77);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'numplace-browser-'));
let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures++;
}
// numplace; its exit code must be one of `codes`.
function run(args, codes = [0]) {
  const r = spawnSync(numplace, args, {encoding: 'utf8'});
  if (!codes.includes(r.status)) throw new Error(`numplace ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return r;
}
// Root needs --no-sandbox (Chromium's own sandbox, not numplace's); a
// profile of its own, so that no other Chromium's lock is in the way.
const browserFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run',
                      '--user-data-dir=' + path.join(work, 'profile'), '--virtual-time-budget=5000'];
function dom(file, fragment = '') {
  return execFileSync(chromium, [...browserFlags, '--dump-dom', 'file://' + file + fragment],
                      {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28});
}
function screenshot(file, png, height) {
  execFileSync(chromium, [...browserFlags, `--window-size=1280,${height}`, '--screenshot=' + png, 'file://' + file],
               {stdio: 'ignore'});
  check(fs.existsSync(png) && fs.statSync(png).size > 10000, 'screenshot ' + png);
}
const count = (text, what) => text.split(what).length - 1;
// The listed verify rows of a dumped DOM: their attributes, and whether shown.
function listedRows(html) {
  const rows = [];
  for (const m of html.matchAll(/<div class="vrow(?: brief)?"([^>]*)>/g)) {
    const attr = name => (m[1].match(new RegExp(`${name}="([^"]*)"`)) || [])[1];
    rows.push({plugin: attr('data-plugin'), kind: attr('data-kind'), status: attr('data-status'),
               tags: attr('data-tags'), hidden: / hidden(="")?/.test(m[1])});
  }
  return rows;
}

// ---- verify: a real run with failures ---------------------------------------------
function verifyPage() {
  const report = path.join(work, 'verify.json'), page = path.join(work, 'verify.html');
  run(['verify', path.join(source, 'corpus/sizes-2x3.yaml'), path.join(source, 'corpus/top95.yaml'), '--ids',
       'sizes-2x3-1,sizes-2x3-2,sizes-2x3-3,top95-1,top95-2', '--plugin-dir', mutants,
       '--plugins', 'backtrack,mutant-box-swapped,mutant-given-ignored', '--no-generator-sweep', '--report', report], [1]);
  run(['report', report, '--html', page]);
  const rows = JSON.parse(fs.readFileSync(report, 'utf8')).rows;
  const notPassed = rows.filter(r => r.status !== 'pass');
  const all = dom(page);
  const listed = listedRows(all);
  check(listed.length === notPassed.length && listed.every(r => !r.hidden),
        `verify: all ${notPassed.length} rows that did not pass are listed and shown`);
  check(all.includes(`${notPassed.length} of ${notPassed.length} listed rows shown`), 'verify: the script counted them');
  const unknown = notPassed.filter(r => r.status === 'unknown').length;
  check(unknown > 1 && count(all, '<div class="vrow brief"') === unknown &&
        all.includes(`<summary>${unknown} unknown answers</summary>`) && !/<details[^>]* open/.test(all),
        `verify: the ${unknown} unknown answers are folded into one closed count`);
  const failedCards = notPassed.filter(r => r.status === 'fail').length;
  check(count(all, '<div class="vrow" ') === failedCards && count(all, 'data-grid="solution"') === failedCards,
        `verify: each of the ${failedCards} failures is a card with the expected solution beside it`);
  for (const plugin of new Set(rows.map(r => r.plugin))) {
    const n = status => rows.filter(r => r.plugin === plugin && r.status === status).length;
    const cells = ['pass', 'fail', 'unknown', 'skip'].map(s => `<td data-v="${n(s)}">${n(s)}</td>`).join('');
    check(all.includes(`<td class="t">${plugin}</td>${cells}`), `verify: outcomes of ${plugin} in the table`);
  }
  const filtered = listedRows(dom(page, '#plugin=mutant-box-swapped&status=failed'));
  const want = r => r.plugin === 'mutant-box-swapped' && r.status === 'fail';
  check(filtered.filter(want).length === notPassed.filter(want).length && filtered.filter(want).length > 0 &&
        filtered.every(r => r.hidden === !want(r)),
        '#plugin=mutant-box-swapped&status=failed shows exactly that plugin\'s failures');
  const byKind = listedRows(dom(page, '#kind=certificate&plugin=mutant-given-ignored'));
  check(byKind.some(r => !r.hidden) &&
        byKind.every(r => r.hidden === !(r.kind === 'certificate' && r.plugin === 'mutant-given-ignored')),
        '#kind=certificate&plugin=mutant-given-ignored');
  screenshot(page, path.join(build, 'report-verify.png'), 1600);
}

// ---- verify: the version 4 fixture (answers, tags, escaping) ------------------------
function verifyFixture() {
  const page = path.join(work, 'verify-v4.html');
  run(['report', path.join(source, 'tests/report/fixtures/verify-v4.json'), '--html', page]);
  const tagged = dom(page, '#tag=fixture-tag');
  const rows = listedRows(tagged);
  check(rows.length === 3 && rows.filter(r => !r.hidden).length === 1 &&
        rows.every(r => r.hidden === !JSON.parse(r.tags.replace(/&quot;/g, '"')).includes('fixture-tag')),
        '#tag=fixture-tag shows only the tagged row');
  check(tagged.includes('&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x') && !tagged.includes('<img src="x"'),
        'a finding with <script> and <img onerror> is text, not markup');
  check(/<title>numplace report: [^<]*verify-v4.json<\/title>/.test(tagged), 'no injected handler ran (the title is ours)');
  check(count(tagged, 'cell given differs changed conflict') === 1, 'the changed given is marked');
  screenshot(page + '#tag=fixture-tag', path.join(build, 'report-verify-v4.png'), 1100);
}

// ---- bench: a real run, and the version 4 fixture --------------------------------------
function benchPage() {
  const puzzles = fs.readFileSync(path.join(source, 'corpus/top95.yaml'), 'utf8')
                      .split('\n').filter(l => l.startsWith('  puzzle: ')).slice(0, 12).map(l => l.slice(10));
  const dataset = path.join(work, 'top95-12.txt'), report = path.join(work, 'bench.json');
  fs.writeFileSync(dataset, puzzles.join('\n') + '\n');
  run(['bench', dataset, '--plugins', 'bitmask-mrv,exhaustive-count,qqwing', '--seconds', '0.05', '--warmup', '0.02',
       '--baseline', 'bitmask-mrv', '--json', report]);
  const page = path.join(work, 'bench.html');
  run(['report', report, '--html', page]);
  const html = dom(page);
  const rows = JSON.parse(fs.readFileSync(report, 'utf8')).rows;
  check(rows.every(r => html.includes(`<tr><td class="t">${r.dataset}</td><td class="t">${r.plugin}</td>`)) &&
        count(html, '<tr><td class="t">top95-12</td>') === rows.length, `bench: the table holds its ${rows.length} rows`);
  const perPuzzle = rows.some(r => r.puzzles);
  check(perPuzzle ? count(html, 'class="point"') > 0 : html.includes('No per-puzzle times in this report'),
        perPuzzle ? 'bench: the scatter has points' : 'bench: a report without per-puzzle times says so');
  screenshot(page, path.join(build, 'report-bench.png'), 1500);
}

// The DevTools protocol over a pipe (--remote-debugging-pipe: fd 3 in, fd 4
// out, messages ended by NUL): open a page, evaluate expressions in it.
class Browser {
  constructor() {
    this.proc = spawn(chromium, [...browserFlags.filter(f => !f.startsWith('--virtual')), '--remote-debugging-pipe',
                                 'about:blank'], {stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']});
    this.next = 1, this.waiting = new Map(), this.buffer = '';
    this.proc.stdio[4].on('data', chunk => {
      this.buffer += chunk.toString('utf8');
      let end;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 1);
        const w = this.waiting.get(message.id);
        if (w) this.waiting.delete(message.id), message.error ? w.reject(new Error(message.error.message)) : w.resolve(message.result);
      }
    });
  }
  send(method, params = {}, sessionId) {
    const id = this.next++;
    this.proc.stdio[3].write(JSON.stringify({id, method, params, sessionId}) + '\0');
    return new Promise((resolve, reject) => this.waiting.set(id, {resolve, reject}));
  }
  async open(url) {
    const {targetId} = await this.send('Target.createTarget', {url});
    this.session = (await this.send('Target.attachToTarget', {targetId, flatten: true})).sessionId;
    const loaded = `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`;
    for (let tries = 0; tries < 600 && !(await this.eval(loaded)); tries++)
      await new Promise(r => setTimeout(r, 50));  // a bound on the wait, not a measure
  }
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', {expression, returnByValue: true}, this.session);
    return r.result.value;
  }
  close() { this.proc.kill(); }
}

async function clicks() {
  const page = path.join(work, 'bench-v4.html');
  run(['report', path.join(source, 'tests/report/fixtures/bench-new.json'), '--html', page]);
  const browser = new Browser();
  try {
    await browser.open('file://' + page);
    const plugins = 'JSON.stringify([...document.querySelectorAll("table.bench tbody tr")].map(r => r.cells[1].textContent + "@" + r.cells[0].textContent))';
    const before = JSON.parse(await browser.eval(plugins));
    await browser.eval('[...document.querySelectorAll("table.bench th")].find(th => th.textContent === "puzzles/s").click()');
    const ascending = JSON.parse(await browser.eval(plugins));
    check(before[0] === 'base@d1' && ascending.slice(0, 3).join() === 'slow@d1,slow@d2,slow@d3' &&
          ascending[8] === 'fast@d3' && ascending[9] === 'liar<i>@d3',
          'a click on puzzles/s sorts the rows by rate, the row without one last: ' + ascending.join(' '));
    await browser.eval('[...document.querySelectorAll("table.bench th")].find(th => th.textContent === "puzzles/s").click()');
    const descending = JSON.parse(await browser.eval(plugins));
    check(String(descending[0]).startsWith('fast@') && descending[9] === 'liar<i>@d3', 'a second click sorts the other way: ' + descending.join(' '));
    const points = 'document.querySelectorAll(".scatter circle.point").length';
    check(await browser.eval(points) === 4 && await browser.eval('!!document.querySelector(".scatter line.diagonal")'),
          'the scatter of base and fast has the 4 puzzles both timed, and the diagonal');
    await browser.eval('const y = document.querySelector(".scatter select.py"); y.value = "slow"; y.dispatchEvent(new Event("change"))');
    const caption = await browser.eval('document.querySelector(".scatter .caption").textContent');
    check(await browser.eval(points) === 4 && caption.startsWith('4 puzzles timed by both; 4 above the diagonal (slow slower)'),
          'choosing slow as y redraws the scatter: ' + caption);
  } finally {
    browser.close();
  }
  screenshot(page, path.join(build, 'report-bench-v4.png'), 1700);
}

// The disagreement fixture: one failed card with both grids, 30 unknown
// answers folded into a count that a click opens.
async function foldedAndGrids() {
  const fixture = path.join(source, 'tests/report/fixtures/verify-disagreement.json');
  const page = path.join(work, 'verify-disagreement.html');
  run(['report', fixture, '--html', page]);
  const row = JSON.parse(fs.readFileSync(fixture, 'utf8')).rows.find(r => r.kind === 'disagreement');
  const solution = row.regression.match(/solution: "(\d+)"/)[1].split('').map(Number);
  const differ = row.answer.map((v, i) => v === solution[i] ? -1 : i).filter(i => i >= 0);
  const browser = new Browser();
  try {
    await browser.open('file://' + page);
    const folded = 'document.querySelector("details.folded")';
    const visible = `[...${folded}.querySelectorAll(".vrow")].filter(r => r.checkVisibility()).length`;  // false inside a closed <details>
    const closed = [await browser.eval(`${folded}.querySelector("summary").textContent`),
                    await browser.eval(`${folded}.open`), await browser.eval(visible)];
    check(closed.join() === '30 unknown answers,false,0',
          'the 30 unknown answers show as one count, their list hidden: ' + closed.join());
    await browser.eval(`${folded}.querySelector("summary").click()`);
    check(await browser.eval(`${folded}.open`) === true && await browser.eval(visible) === 30,
          'a click on the count lists the 30 rows');
    const card = 'document.querySelector(".vrow[data-kind=disagreement]")';
    const grids = JSON.parse(await browser.eval(`JSON.stringify([...${card}.querySelectorAll("svg.sudoku")].map(svg => ({
      which: svg.dataset.grid, differs: [...svg.querySelectorAll("rect.cell")].flatMap((r, i) => r.classList.contains("differs") ? [i] : [])})))`));
    check(differ.length === 2 && grids.length === 2 && grids[0].which === 'answer' && grids[1].which === 'solution' &&
          grids.every(g => g.differs.join() === differ.join()),
          `the disagreement card draws both grids, cells ${differ.join(', ')} marked on each: ` + JSON.stringify(grids));
    check((await browser.eval(`${card}.querySelector(".legend").textContent`))
              .includes('pink, on both grids: the 2 cell(s) where the answer and the expected solution differ'),
          'the legend says what the mark means');
  } finally {
    browser.close();
  }
  check(/<details class="folded"[^>]* open=""/.test(dom(page, '#status=unknown')), '#status=unknown opens the folded list');
  check(/<details class="folded"[^>]* hidden=""/.test(dom(page, '#plugin=fixture-liar')),
        '#plugin=fixture-liar hides the count, which holds none of its rows');
  screenshot(page, path.join(build, 'report-verify-disagreement.png'), 1000);
}

function comparePage() {
  const page = path.join(work, 'compare.html');
  const fixtures = path.join(source, 'tests/report/fixtures');
  run(['report', '--compare', path.join(fixtures, 'bench-old.json'), path.join(fixtures, 'bench-new.json'), '--html', page]);
  const html = dom(page);
  check(count(html, '<tr><td class="t">d') === 6, 'compare: the page lists the 6 cells');
  check(count(html, '<tr class="baseline"><td class="t">d') === 3 &&
        html.includes('<th>old puzzles/s</th><th>new puzzles/s</th>') && html.includes('a ratio cancels the machine'),
        'compare: the baseline\'s rows and every row\'s rates are shown, and the page says why ratios are judged');
  screenshot(page, path.join(build, 'report-compare.png'), 700);
}

(async () => {
  try {
    verifyPage();
    verifyFixture();
    benchPage();
    await clicks();
    await foldedAndGrids();
    comparePage();
  } catch (e) {
    console.log('FAIL ' + e.stack);
    failures++;
  }
  fs.rmSync(work, {recursive: true, force: true});
  console.log(failures ? `${failures} check(s) failed` : 'every check passed');
  process.exit(failures ? 1 : 0);
})();
