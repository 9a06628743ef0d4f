// Known vectors for tests/framework/lzstring_test.cpp, from the reference
// lz-string (pieroxy). Run it outside the repository (npm writes where it
// runs):
//   mkdir /tmp/v && cp tests/framework/lzstring_vectors.js /tmp/v && cd /tmp/v
//   npm install lz-string@1.5.0 && node lzstring_vectors.js
// It prints C++ rows for kVectors, the long run and the lone surrogate, and
// the digest of the random batch (kBatchDigest).
'use strict';
const lz = require('lz-string');

// np::Rng (framework/include/numplace/random.hpp): splitmix64 with
// rejection sampling, so the test draws the same strings.
const M = (1n << 64n) - 1n;
class Rng {
  constructor(seed) { this.state = BigInt(seed) & M; }
  next() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & M;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M;
    return z ^ (z >> 31n);
  }
  below(bound) {
    const b = BigInt(bound), limit = M - M % b;
    let x;
    do x = this.next(); while (x >= limit);
    return Number(x % b);
  }
}

// np::fnv1a over UTF-8 bytes.
function fnv1a(text, hash = 0xcbf29ce484222325n) {
  for (const byte of Buffer.from(text, 'utf8')) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & M;
  return hash;
}

// One code point of string `kind` (the test's random_code_point).
function codePoint(rng, kind) {
  if (kind === 0) return 0x61 + rng.below(3);
  if (kind === 1) return 0x20 + rng.below(95);
  if (kind === 2) return '{}[]:,"0123456789givenvaluesize'.codePointAt(rng.below(31));
  const r = rng.below(4);
  if (r === 0) return 0x78;
  if (r === 1) return 0x100 + rng.below(0xD800 - 0x100);
  if (r === 2) return 0x10000 + rng.below(0x100000);
  return 0xE000 + rng.below(0x2000);
}

// The test's random batch: string i has kind i % 4, and every tenth is long.
function batchDigest(seed, count) {
  const rng = new Rng(seed);
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < count; ++i) {
    const length = rng.below(i % 10 === 9 ? 40000 : 200);
    const points = [];
    for (let j = 0; j < length; ++j) points.push(codePoint(rng, i % 4));
    hash = fnv1a(lz.compressToBase64(String.fromCodePoint(...points)) + '\n', hash);
  }
  return hash;
}

// A C++ string literal of the text's UTF-8 bytes ("" after \x escapes
// that a hex digit follows).
function cxx(text) {
  let out = '', escaped = false;
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (escaped && /[0-9a-fA-F]/.test(ch)) out += '""';
    escaped = byte < 0x20 || byte >= 0x7f;
    if (escaped) out += '\\x' + byte.toString(16).padStart(2, '0');
    else out += (byte === 0x22 || byte === 0x5c ? '\\' : '') + ch;
  }
  return '"' + out + '"';
}

const row = (cell) => '[' + cell.map((v) => (v ? `{"value":${v},"given":true}` : '{}')).join(',') + ']';
const tiny = '{"size":4,"title":"Tiny","author":"numplace","ruleset":"Normal sudoku rules apply.",'
  + '"grid":[' + [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]].map(row).join(',') + ']}';
const empty9 = '{"size":9,"grid":[' + Array(9).fill(row(Array(9).fill(0))).join(',') + ']}';
const inputs = ['', 'a', 'ab', 'abcd', 'aaaaaaa', 'ababababababababab', 'Hello, world!',
  '\u0000\u00ff\u0100', tiny, empty9,
  'Sudoku \u2014 \u30ca\u30f3\u30d7\u30ec \u2713', 'puzzle \u{1F9E9}\u{1F9E9} piece'];
for (const s of inputs) console.log(`    {${cxx(s)},\n     "${lz.compressToBase64(s)}"},`);
console.log("'x' 1000 times:", lz.compressToBase64('x'.repeat(1000)));
console.log('lone surrogate a\\uD800b:', lz.compressToBase64('a\uD800b'));
console.log('batch digest 0x' + batchDigest(43, 200).toString(16));
