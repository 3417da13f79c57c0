// Speed of the playground against the native binary on the same machine,
// for BENCHMARKS.md. Run `bash web/build.sh` and `cargo build --release` first.
//
//   node web/test/bench.mjs [RUNS]
//
// For each workload: the native `grundy run --json FILE` (whole process), the
// engine's own time in the page (the summary's milliseconds: compiling the
// program, solving, rendering answers), and the page's time from the Run
// click until the last answer is on screen. Best of RUNS (5).
import { launchChromium } from './chromium.mjs';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../tools/serve.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NATIVE = path.join(HERE, '..', '..', 'target', 'release', 'grundy');
const RUNS = Number(process.argv[2] || 5);
const KAYLES = 'game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\n';
const WORKLOADS = [
  ["Kayles' sequence 0..=100000", KAYLES + 'sequence kayles 0..=100000\n'],
  ["Grundy's game, sequence 0..=3000", 'game gg(n: nat) {\n    move gg(a) + gg(n - a) for a in 1..n where a < n - a\n}\nsequence gg 0..=3000\n'],
  ["Wythoff's game, grundy wyt(1200, 1200)", 'game wyt(a: nat, b: nat) {\n  move wyt(a - k, b) for k in 1..=a\n  move wyt(a, b - k) for k in 1..=b\n  move wyt(a - k, b - k) for k in 1..=min(a, b)\n}\ngrundy wyt(1200, 1200)\n'],
];

function nativeMs(program) {
  const file = path.join(os.tmpdir(), `grundy-bench-${process.pid}.game`);
  fs.writeFileSync(file, program);
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    execFileSync(NATIVE, ['run', '--json', file], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 });
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  fs.unlinkSync(file);
  return best;
}

const server = await serve(0);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
if (process.env.DEBUG) page.on('console', (m) => console.log(m.text()));
const t0 = Date.now();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector('body[data-state="ready"]');
console.log(`page ready ${Date.now() - t0} ms after navigation started`);
console.log(`cores: ${os.cpus().length}; best of ${RUNS}`);
console.log('| workload | native `grundy run --json` | engine in the page | engine ÷ native | page, Run click to answers painted |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, program] of WORKLOADS) {
  const native = nativeMs(program);
  let engine = Infinity;
  let wall = Infinity;
  for (let i = 0; i < RUNS; i++) {
    await page.evaluate((t) => {
      document.querySelector('.CodeMirror').CodeMirror.setValue(t);
      delete document.body.dataset.lastMs;
    }, program);
    await page.click('#run');
    // The page's own clock, from the click to the frame after the last answer.
    await page.waitForFunction(() => document.body.dataset.lastMs, null, { timeout: 600000 });
    wall = Math.min(wall, Number(await page.evaluate(() => document.body.dataset.lastMs)));
    if (process.env.DEBUG) console.log(await page.evaluate(() => JSON.stringify(document.body.dataset)));
    const summary = await page.textContent('#output .run-summary');
    const m = /engine time ([\d.]+) (ms|s)/.exec(summary);
    if (m) engine = Math.min(engine, Number(m[1]) * (m[2] === 's' ? 1000 : 1));
  }
  console.log(`| ${name} | ${native.toFixed(1)} ms | ${engine} ms | ${(engine / native).toFixed(2)}× | ${wall.toFixed(0)} ms |`);
}
await browser.close();
server.close();
