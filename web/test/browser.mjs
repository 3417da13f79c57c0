// The playground in a real browser: headless Chromium (Debian's, at
// /usr/bin/chromium, or $CHROMIUM) driven by playwright-core against
// web/dist served on localhost. Run `bash web/build.sh` first.
//
//   node web/test/browser.mjs              # the checks; exits 1 on a failure
//   SCREENSHOTS=docs node web/test/browser.mjs   # also writes the two screenshots
//
// Every expected value comes from outside grundy: Kayles' values from
// Winning Ways (ch. 4), the asserts of the bundled example (each names its
// source), the diagnostic's position from the text typed.
import { launchChromium } from './chromium.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../tools/serve.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLES = path.join(HERE, '..', '..', 'examples');

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures += 1;
}

const server = await serve(0);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();

async function openPage(url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => check(false, 'no uncaught error in the page', e.message));
  const t = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-state="ready"]', { timeout: 20000 });
  return { page, loadMs: Date.now() - t };
}

const setProgram = (page, text) =>
  page.evaluate((t) => document.querySelector('.CodeMirror').CodeMirror.setValue(t), text);

async function runAndWait(page, timeout = 60000) {
  await page.click('#run');
  await page.waitForFunction(() => document.body.dataset.state !== 'running', null, { timeout });
  return page.evaluate(() => document.body.dataset.state);
}

try {
  // ---- loading, highlighting -------------------------------------------------
  const { page, loadMs } = await openPage(`${base}/`);
  check(true, 'the page loads and the engine is ready', `${loadMs} ms`);
  const keyword = await page.$$eval('.CodeMirror .cm-keyword', (els) => els.map((e) => e.textContent));
  check(keyword.includes('game') && keyword.includes('move'), 'the editor highlights keywords as editors/ does', keyword.slice(0, 4).join(' '));
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  check(isolated, 'the page is cross-origin isolated (Stop through shared memory)');

  // ---- a bundled example -----------------------------------------------------
  const kayles = fs.readFileSync(path.join(EXAMPLES, 'kayles.game'), 'utf8');
  const asserts = kayles.split('\n').filter((l) => /^\s*assert\b/.test(l)).length;
  await page.selectOption('#examples', 'kayles');
  const shown = await page.evaluate(() => document.querySelector('.CodeMirror').CodeMirror.getValue());
  check(shown === kayles, 'picking an example puts it in the editor');
  let state = await runAndWait(page);
  check(state === 'done', 'the example runs to the end', state);
  const summary = await page.textContent('#output .run-summary');
  check(summary.includes(`${asserts} asserts passed`) && !/failed|error/.test(summary),
    `all ${asserts} asserts of examples/kayles.game pass`, summary);
  const text = await page.textContent('#output');
  // Kayles' first twelve values, Winning Ways ch. 4.
  check(/0 \|\s+0\s+1\s+2\s+3\s+1\s+4\s+3\s+2\s+1\s+4\s+2\s+6/.test(text), "Kayles' nim-sequence is shown");
  const dots = await page.$$eval('#output .picture svg circle', (els) => els.length);
  check(dots >= 101, 'the sequence is drawn as an SVG picture', `${dots} dots`);

  // ---- a long answer shows its first lines, and all of them on request ------------------
  await setProgram(page, 'game nim(n: nat) { move nim(n - k) for k in 1..=n }\nsequence nim 0..=11999\n');
  state = await runAndWait(page);
  const before = await page.textContent('#output .long-answer pre');
  await page.click('#output .long-answer button.more');
  const after = await page.textContent('#output .long-answer pre');
  // Nim's value of heap n is n (Bouton): the last row holds 11999.
  check(state === 'done' && !before.includes('11998 11999') && after.includes('11998 11999'),
    'a long answer shows its start, and the rest on request', `${before.split('\n').length} then ${after.split('\n').length} lines`);

  // ---- a graph, laid out by Graphviz in WebAssembly ------------------------------
  await setProgram(page, 'game nim(n: nat) { move nim(n - k) for k in 1..=n }\ngraph nim(3)\n');
  state = await runAndWait(page);
  await page.waitForSelector('#output .picture svg g.node', { timeout: 20000 });
  const nodes = await page.$$eval('#output .picture svg g.node', (els) => els.length);
  // nim(3) reaches nim(3), nim(2), nim(1), nim(0).
  check(state === 'done' && nodes === 4, 'a move graph is laid out and drawn', `${nodes} nodes`);

  // ---- a table and a thermograph, drawn as SVG ---------------------------------------
  // Two-heap Nim: the value of (a, b) is a xor b (Bouton); {3 || 2* | 1*} has
  // temperature 3/4 and mean 9/4 (CGSuite's GameTest, as examples/partizan_thermal.game).
  await setProgram(page, 'game nim2(a: nat, b: nat) {\n  move nim2(a - k, b) for k in 1..=a\n  move nim2(a, b - k) for k in 1..=b\n}\ntable nim2 0..4, 0..4\nthermograph {3 | {2 + * | 1 + *}}\n');
  state = await runAndWait(page);
  const pictures = await page.$$eval('#output .picture > svg', (els) => els.length);
  const thermal = await page.textContent('#output');
  check(state === 'done' && pictures === 2 && /temperature 3\/4, mean 9\/4/.test(thermal) && /3 \| 3\s+2\s+1\s+0'/.test(thermal),
    'a table and a thermograph are answered and drawn', `${pictures} pictures`);

  // ---- a bad program -------------------------------------------------------------
  await setProgram(page, 'game nim(n: nat) { move nim(n - k) for k in 1..=n }\ngrundy nimm(3)\n');
  state = await runAndWait(page);
  const problem = await page.textContent('#output .problem');
  const marked = await page.$$eval('.cm-problem-mark', (els) => els.map((e) => e.textContent).join(''));
  check(state === 'done' && problem.includes('nimm') && problem.includes('help'),
    'a bad program gets its diagnostic with a help line', problem.split('\n')[0]);
  check(marked === 'nimm', 'the diagnostic underlines the span in the editor', JSON.stringify(marked));
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, 'playground-error.png') });

  // ---- deep programs: a diagnostic or an answer, never a crash -------------------------
  // The browser's own stack is far smaller than the command line's; the
  // engine must notice before it runs out (src/budget.rs, remaining_stack).
  for (const [what, program] of [
    ['a let function recursing 1,990 deep', 'let f(n) = if n == 0 then 0 else 1 + f(n - 1)\nprint f(1990)\n'],
    ['a chain of 5,000 unary minuses', `print ${'-'.repeat(5000)}1\n`],
    ['5,000 nested brackets', `print ${'('.repeat(5000)}1${')'.repeat(5000)}\n`],
    ['1,500 nested ifs', `print ${'if true then '.repeat(1500)}1${' else 0'.repeat(1500)}\n`],
  ]) {
    await setProgram(page, program);
    state = await runAndWait(page);
    const out = await page.textContent('#output');
    const answered = (await page.$$('#output .answer')).length + (await page.$$('#output .problem')).length;
    check(state === 'done' && answered === 1, `${what} ends in an answer or a diagnostic`, out.split('\n').find((l) => /×|=|\d/.test(l)) || state);
  }

  // ---- Stop ----------------------------------------------------------------------
  // Wythoff's game on a large board: minutes of work in little memory.
  const LONG = 'game wyt(a: nat, b: nat) {\n  move wyt(a - k, b) for k in 1..=a\n  move wyt(a, b - k) for k in 1..=b\n  move wyt(a - k, b - k) for k in 1..=min(a, b)\n}\ngrundy wyt(8000, 8000)\n';
  async function stopWithin(p, how) {
    await setProgram(p, LONG);
    await p.click('#run');
    await p.waitForTimeout(1500);
    const running = await p.evaluate(() => document.body.dataset.state);
    const t = Date.now();
    await p.click('#stop');
    await p.waitForFunction(() => document.body.dataset.state === 'stopped', null, { timeout: 10000 });
    const ms = Date.now() - t;
    check(running === 'running' && ms < 1000, `Stop ends a long computation within a second (${how})`, `${ms} ms`);
    await p.waitForSelector('body[data-state="ready"], body[data-state="stopped"]');
    await p.waitForFunction(() => !document.querySelector('#run').disabled, null, { timeout: 20000 });
    await setProgram(p, 'game nim(n: nat) { move nim(n - k) for k in 1..=n }\ngrundy nim(3) + nim(5)\n');
    const after = await runAndWait(p);
    const out = await p.textContent('#output');
    // 3 xor 5 = 6.
    check(after === 'done' && /= 6(?!\d)/.test(out), `the next run works after Stop (${how})`, `${after}: ${out.slice(0, 80)}`);
  }
  await stopWithin(page, 'shared flag');
  const plain = (await openPage(`${base}/plain/`)).page;
  check(!(await plain.evaluate(() => self.crossOriginIsolated)), 'a host without isolation headers still serves the page');
  await stopWithin(plain, 'worker ended');

  // ---- a link that carries the program ----------------------------------------------
  const program = '# shared\ngame nim(n: nat) { move nim(n - k) for k in 1..=n }\noutcome nim(4) + nim(4)\n';
  await setProgram(page, program);
  await page.click('#share');
  await page.waitForFunction(() => document.querySelector('#share-url').value !== '');
  const link = await page.inputValue('#share-url');
  const other = (await openPage(link)).page;
  const got = await other.evaluate(() => document.querySelector('.CodeMirror').CodeMirror.getValue());
  check(got === program, 'a shared link opens with the same program', link.slice(0, 60) + '…');

  // ---- the editor's text survives a reload ------------------------------------------
  const kept = '# kept\ngrundy *3 + *5\n';
  await setProgram(page, kept);
  await page.waitForTimeout(600);
  await page.goto(`${base}/`);
  await page.waitForSelector('body[data-state="ready"]');
  const reloaded = await page.evaluate(() => document.querySelector('.CodeMirror').CodeMirror.getValue());
  check(reloaded === kept, 'the program in the editor survives a reload');

  // ---- the screenshot of a normal run ----------------------------------------------
  if (process.env.SCREENSHOTS) {
    await page.selectOption('#examples', 'kayles');
    await runAndWait(page);
    await page.$eval('#output .picture', (e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS, 'playground.png') });
  }
} catch (e) {
  check(false, 'the browser test ran to its end', e.stack || String(e));
} finally {
  await browser.close();
  server.close();
}

console.log(failures ? `${failures} check(s) failed` : 'all browser checks passed');
process.exit(failures ? 1 : 0);
