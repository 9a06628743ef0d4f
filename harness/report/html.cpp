#include "report/html.hpp"

#include <cmath>
#include <cstdio>

#include "numplace/format.hpp"
#include "numplace/utf8.hpp"

namespace np::report::html {

namespace {

// The page's style: readable tables, grids and plots, printable.
constexpr const char* kStyle = R"CSS(
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 1400px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.85em; }
.wide { overflow-x: auto; } table.bench { font-size: 0.8em; } table.bench td { white-space: nowrap; }
table.bench td.message { white-space: normal; text-align: left; color: #8a5a00; }
th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: right; vertical-align: top; }
th { background: #f2f2f2; } td.t, th.t { text-align: left; }
table.sortable th { cursor: pointer; } th[aria-sort=ascending]::after { content: " \25B2"; }
th[aria-sort=descending]::after { content: " \25BC"; }
.meta { color: #555; font-size: 0.9em; } .note { color: #8a5a00; font-size: 0.9em; }
.bad { color: #b00020; font-weight: bold; } .good { color: #1b7a2f; }
.filters { position: sticky; top: 0; background: #fff; padding: 0.5em 0; border-bottom: 1px solid #ccc; z-index: 1; }
.filters label { margin-right: 1em; }
.vrow { border: 1px solid #ddd; border-radius: 4px; padding: 0.5em 0.8em; margin: 0.5em 0; display: flex; gap: 1em; flex-wrap: wrap; }
.vrow .text { flex: 1 1 420px; min-width: 300px; } .vrow code { word-break: break-all; }
.grids { display: flex; flex-wrap: wrap; gap: 1em; } .grids figure { margin: 0; max-width: 300px; }
.legend { max-width: 620px; }
.finding { white-space: pre-wrap; margin: 0.3em 0; }
details.folded { border: 1px solid #ddd; border-radius: 4px; padding: 0.4em 0.8em; margin: 0.5em 0; }
details.folded summary { cursor: pointer; font-weight: bold; }
.vrow.brief { display: block; border: 0; border-top: 1px solid #eee; border-radius: 0; margin: 0; padding: 0.25em 0; font-size: 0.9em; }
.vrow.brief .finding { white-space: normal; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.scatter select { margin-right: 1em; }
tr.baseline td { background: #f6f6f6; color: #444; }
code { background: #f4f4f4; padding: 1px 3px; }
[hidden] { display: none !important; }
)CSS";

// The page's script: filters (also from the URL fragment), sortable tables,
// the scatter plot. Plain JavaScript, no library; it only shows, hides,
// reorders and draws what the builder put in the page.
constexpr const char* kScript = R"JS(
'use strict';
const alias = {failed: 'fail', passed: 'pass', skipped: 'skip'};
const filterNames = ['plugin', 'kind', 'tag', 'status'];
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const name of filterNames) {
    const select = document.getElementById('f-' + name);
    if (!select) continue;
    let value = params.get(name) || '';
    value = alias[value] || value;
    if (value && ![...select.options].some(o => o.value === value)) select.add(new Option(value, value));
    select.value = value;
  }
  applyFilters();
}
function writeFragment() {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const select = document.getElementById('f-' + name);
    if (select && select.value) params.set(name, select.value);
  }
  history.replaceState(null, '', '#' + params.toString());
  applyFilters();
}
function applyFilters() {
  const want = {};
  for (const name of filterNames) {
    const select = document.getElementById('f-' + name);
    want[name] = select ? select.value : '';
  }
  let shown = 0, all = 0;
  for (const row of document.querySelectorAll('.vrow')) {
    const tags = JSON.parse(row.dataset.tags || '[]');
    const ok = (!want.plugin || row.dataset.plugin === want.plugin) && (!want.kind || row.dataset.kind === want.kind) &&
               (!want.status || row.dataset.status === want.status) && (!want.tag || tags.includes(want.tag));
    row.hidden = !ok;
    all++; if (ok) shown++;
  }
  for (const group of document.querySelectorAll('.vgroup'))
    group.hidden = !group.querySelector('.vrow:not([hidden])');
  // A folded list counts the rows the filters leave; a status filter that
  // asks for its rows opens it.
  for (const folded of document.querySelectorAll('details.folded')) {
    const n = folded.querySelectorAll('.vrow:not([hidden])').length;
    folded.querySelector('summary').textContent = n.toLocaleString('en') + ' ' + (n === 1 ? folded.dataset.one : folded.dataset.many);
    folded.hidden = n === 0;
    if (want.status && want.status === folded.dataset.status) folded.open = true;
  }
  const counter = document.getElementById('f-count');
  if (counter) counter.textContent = shown + ' of ' + all + ' listed rows shown';
}
function sortBy(th) {
  const table = th.closest('table'), body = table.tBodies[0], column = th.cellIndex;
  const ascending = th.getAttribute('aria-sort') !== 'ascending';
  for (const other of th.parentNode.children) other.removeAttribute('aria-sort');
  th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
  const key = row => {
    const cell = row.cells[column];
    if (!cell || cell.colSpan > 1) return NaN;  // a row without figures
    return cell.dataset.v !== undefined ? parseFloat(cell.dataset.v) : cell.textContent;
  };
  const rows = [...body.rows].sort((a, b) => {
    const x = key(a), y = key(b);
    const missing = (typeof x === 'number' && isNaN(x)) - (typeof y === 'number' && isNaN(y));
    if (missing) return missing;  // rows without a figure go last either way
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return ascending ? order : -order;
  });
  for (const row of rows) body.appendChild(row);
}
const svgNS = 'http://www.w3.org/2000/svg';
function el(name, attributes, parent, text) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function drawScatter(box, data) {
  const [dsSel, xSel, ySel] = box.querySelectorAll('select');
  const ds = data[dsSel.value] || {}, x = ds[xSel.value], y = ds[ySel.value];
  const plot = box.querySelector('.plot');
  plot.textContent = '';
  const size = 440, pad = 56, inner = size - pad - 34;
  const svg = el('svg', {width: size, height: size, viewBox: `0 0 ${size} ${size}`, 'font-family': 'sans-serif', 'font-size': 11}, plot);
  const points = [];
  if (x && y) {
    const yAt = new Map(y.index.map((index, k) => [index, y.us[k]]));
    x.index.forEach((index, k) => {
      const a = x.us[k], b = yAt.get(index);
      if (a != null && b != null && a > 0 && b > 0) points.push([a, b]);
    });
  }
  const caption = box.querySelector('.caption');
  if (!points.length) { caption.textContent = 'No puzzle was timed by both plugins.'; return; }
  const logs = points.flat().map(Math.log10);
  const lo = Math.floor(Math.min(...logs)), hi = Math.max(lo + 1, Math.ceil(Math.max(...logs)));
  const at = v => pad + (Math.log10(v) - lo) / (hi - lo) * inner;
  const X = v => at(v), Y = v => size - at(v);
  for (let d = lo; d <= hi; d++) {
    const v = Math.pow(10, d), label = v >= 1 ? v.toLocaleString('en') : String(v);
    el('line', {x1: X(v), y1: Y(Math.pow(10, lo)), x2: X(v), y2: Y(Math.pow(10, hi)), stroke: '#e3e3e3'}, svg);
    el('line', {x1: X(Math.pow(10, lo)), y1: Y(v), x2: X(Math.pow(10, hi)), y2: Y(v), stroke: '#e3e3e3'}, svg);
    el('text', {x: X(v), y: size - pad + 16, 'text-anchor': 'middle'}, svg, label);
    el('text', {x: pad - 6, y: Y(v) + 4, 'text-anchor': 'end'}, svg, label);
  }
  el('line', {class: 'diagonal', x1: X(Math.pow(10, lo)), y1: Y(Math.pow(10, lo)), x2: X(Math.pow(10, hi)), y2: Y(Math.pow(10, hi)), stroke: '#888', 'stroke-dasharray': '4 3'}, svg);
  for (const [a, b] of points) el('circle', {class: 'point', cx: X(a), cy: Y(b), r: 2.5, fill: '#0072B2', 'fill-opacity': 0.5}, svg);
  el('text', {x: pad + inner / 2, y: size - 8, 'text-anchor': 'middle'}, svg, xSel.value + ' (µs per puzzle)');
  el('text', {x: 12, y: size / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${size / 2})`}, svg, ySel.value + ' (µs per puzzle)');
  const above = points.filter(([a, b]) => b > a).length;
  caption.textContent = `${points.length} puzzles timed by both; ${above} above the diagonal (${ySel.value} slower), ` +
                        `${points.length - above} on or below it.`;
}
function setUpScatter(box) {
  const data = JSON.parse(document.getElementById(box.dataset.src).textContent);
  const [dsSel, xSel, ySel] = box.querySelectorAll('select');
  const fill = () => {
    const plugins = Object.keys(data[dsSel.value] || {});
    for (const [select, pick] of [[xSel, 0], [ySel, 1]]) {
      const keep = select.value;
      select.textContent = '';
      for (const p of plugins) select.add(new Option(p, p));
      select.value = plugins.includes(keep) ? keep : plugins[Math.min(pick, plugins.length - 1)] || '';
    }
  };
  for (const name of Object.keys(data)) dsSel.add(new Option(name, name));
  fill();
  dsSel.addEventListener('change', () => { fill(); drawScatter(box, data); });
  for (const select of [xSel, ySel]) select.addEventListener('change', () => drawScatter(box, data));
  drawScatter(box, data);
}
document.addEventListener('DOMContentLoaded', () => {
  for (const name of filterNames) {
    const select = document.getElementById('f-' + name);
    if (select) select.addEventListener('change', writeFragment);
  }
  window.addEventListener('hashchange', readFragment);
  for (const th of document.querySelectorAll('table.sortable th')) th.addEventListener('click', () => sortBy(th));
  for (const box of document.querySelectorAll('.scatter')) setUpScatter(box);
  readFragment();
});
)JS";

}  // namespace

std::string escape(std::string_view text) {
    std::string out;
    for (char c : np::utf8_clean(text)) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string script_json(const json& value) {
    // ASCII only (ensure_ascii), invalid UTF-8 replaced; then '<' and '>'
    // can only stand inside strings, where \u003c and \u003e mean the same.
    std::string text = value.dump(-1, ' ', true, json::error_handler_t::replace), out;
    for (char c : text) {
        if (c == '<') out += "\\u003c";
        else if (c == '>') out += "\\u003e";
        else out += c;
    }
    return out;
}

std::string count(uint64_t value) { return np::grouped(value); }

std::string figure(double value) {
    if (!std::isfinite(value)) return "-";
    if (std::fabs(value) >= 1000 && std::fabs(value) < 1e15) {  // 1e15 and up: in %.3g below
        const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(value))) - 2);
        const double rounded = std::round(value / scale) * scale;
        return (rounded < 0 ? "-" : "") + count(static_cast<uint64_t>(std::fabs(rounded)));
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string number_cell(double value, const std::string& text) {
    char v[40];
    std::snprintf(v, sizeof v, "%.17g", value);
    return "<td data-v=\"" + std::string(v) + "\">" + escape(text) + "</td>";
}

std::string document(const std::string& title, const std::string& body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
           escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n" + body + "<script>" + kScript +
           "</script>\n</body>\n</html>\n";
}

}  // namespace np::report::html
