// The playground page: an editor, Run and Stop, the answers as they come,
// pictures, the bundled examples, and links that carry the program.
//
// The program runs in a worker (worker.js). Stop sets a flag the engine
// reads at every budget check, through a SharedArrayBuffer when the page is
// cross-origin isolated; otherwise, or if the engine has not stopped within
// STOP_GRACE_MS, the worker is ended and a new one started.

import { loadHighlighting } from './highlight.js';

/* global CodeMirror */

const STOP_GRACE_MS = 400;
const $ = (id) => document.getElementById(id);

const state = {
  editor: null,
  worker: null,
  ready: false,
  running: false,
  started: 0,
  stopFlag: null, // Int32Array over a SharedArrayBuffer, when the page may share memory
  marks: [],
  ticker: null,
  viz: null,
  counts: null,
};

function setState(name) {
  document.body.dataset.state = name;
  $('run').disabled = !state.ready || state.running;
  $('stop').disabled = !state.running;
}

function status(text, bad = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('bad', bad);
}

// ---- the worker ----------------------------------------------------------

function startWorker() {
  state.ready = false;
  state.worker = new Worker('worker.js');
  state.worker.onmessage = (e) => onMessage(e.data);
  state.worker.onerror = (e) => {
    status(`the engine could not start: ${e.message || 'worker error'}`, true);
    finish('crashed');
  };
  const shared = self.crossOriginIsolated && typeof SharedArrayBuffer === 'function';
  state.stopFlag = shared ? new Int32Array(new SharedArrayBuffer(4)) : null;
  state.worker.postMessage({
    type: 'init',
    wasm: new URL('grundy.wasm', location.href).href,
    stop: state.stopFlag ? state.stopFlag.buffer : null,
  });
}

function onMessage(msg) {
  switch (msg.type) {
    case 'ready':
      state.ready = true;
      if (state.runWhenReady) {
        state.runWhenReady = false;
        run();
      } else if (!state.running) {
        // A worker started again after Stop keeps the page's last word.
        const now = document.body.dataset.state;
        if (now === 'loading') status('ready');
        setState(now === 'loading' ? 'ready' : now);
      }
      break;
    case 'failed':
      status(`the engine could not load: ${msg.message}`, true);
      setState('failed');
      break;
    case 'item':
      show(msg.item);
      break;
    case 'done':
      finish(state.counts && state.counts.stopped ? 'stopped' : 'done');
      break;
    case 'crash':
      showCrash(msg.message);
      finish('crashed');
      // The instance is gone with its memory; the compiled module stays.
      break;
  }
}

// ---- running ---------------------------------------------------------------

function textWidth() {
  const out = $('output');
  return Math.max(60, Math.min(160, Math.floor((out.clientWidth - 32) / 7.9)));
}

function run() {
  if (state.running) return;
  if (!state.ready) {
    // The worker is (re)starting: run as soon as it is ready.
    state.runWhenReady = true;
    return;
  }
  clearOutput();
  state.running = true;
  state.counts = { passed: 0, failed: 0, errors: 0, stopped: false };
  if (state.stopFlag) Atomics.store(state.stopFlag, 0, 0);
  state.started = performance.now();
  setState('running');
  status('running…');
  state.ticker = setInterval(() => {
    status(`running… ${((performance.now() - state.started) / 1000).toFixed(1)} s`);
  }, 250);
  state.worker.postMessage({
    type: 'run',
    source: state.editor.getValue(),
    maxMemory: Number($('memory').value),
    timeoutMs: 0,
    width: textWidth(),
  });
}

function stop() {
  if (!state.running) return;
  state.counts.stopped = true;
  status('stopping…');
  if (state.stopFlag) Atomics.store(state.stopFlag, 0, 1);
  const worker = state.worker;
  setTimeout(() => {
    // Still running: end the worker (the flag was not seen, or there is none).
    if (state.running && state.worker === worker) {
      worker.terminate();
      // Started first, so that Run stays disabled until the new one is ready.
      startWorker();
      showNote('stopped');
      finish('stopped');
    }
  }, state.stopFlag ? STOP_GRACE_MS : 0);
}

function finish(how) {
  clearInterval(state.ticker);
  const ms = performance.now() - state.started;
  state.running = false;
  state.lastMs = ms;
  const c = state.counts || { passed: 0, failed: 0, errors: 0 };
  if (how === 'stopped') status(`stopped after ${(ms / 1000).toFixed(2)} s`);
  else if (how === 'crashed') status('the engine failed; see the answers pane', true);
  else if (c.errors || c.failed) status(`finished with ${plural(c.errors + c.failed, 'problem')} in ${fmtMs(ms)}`, true);
  else status(`done in ${fmtMs(ms)}${c.passed ? ` · ${plural(c.passed, 'assert')} passed` : ''}`);
  setState(how);
  document.body.dataset.doneMs = String(ms);
  // For measurements (web/test/bench.mjs): Run to the answers painted.
  requestAnimationFrame(() => setTimeout(() => {
    document.body.dataset.lastMs = String(performance.now() - state.started);
  }, 0));
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function fmtMs(ms) {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

// ---- showing results -------------------------------------------------------

function clearOutput() {
  $('output').replaceChildren();
  for (const m of state.marks) m.clear();
  state.marks = [];
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function show(item) {
  const out = $('output');
  if (item.kind === 'answer') {
    const sec = el('section', 'answer');
    sec.append(el('h2', null, item.statement));
    sec.append(answerText(item.text));
    if (item.picture) sec.append(picture(item.picture));
    out.append(sec);
  } else if (item.kind === 'assert') {
    state.counts.passed += 1;
  } else if (item.kind === 'problem') {
    if (item.code === 'grundy::interrupted') state.counts.stopped = true;
    else if (item.code === 'grundy::assert') state.counts.failed += 1;
    else state.counts.errors += 1;
    const sec = el('section', 'problem');
    sec.append(el('pre', null, item.rendered));
    if (item.code === 'grundy::limit' && /memory/.test(item.message)) {
      sec.append(el('p', 'summary', 'In the playground the Memory menu above sets this limit.'));
    }
    out.append(sec);
    markProblem(item);
  } else if (item.kind === 'summary') {
    const parts = [];
    if (item.passed) parts.push(`${plural(item.passed, 'assert')} passed`);
    if (item.failed) parts.push(`${item.failed} failed`);
    if (item.errors) parts.push(plural(item.errors, 'error'));
    parts.push(`engine time ${fmtMs(item.ms)}`);
    const bad = item.failed || item.errors;
    out.append(el('p', `summary run-summary${bad ? ' failed' : ''}`, parts.join(' · ')));
  }
}

// An answer's text; a long one (a sequence of 100,000 heaps is 8,300 lines)
// shows its first lines and a button for the rest, so the browser does not
// lay out what nobody has asked to see.
const SHOWN_LINES = 200;

function answerText(text) {
  let lines = 0;
  let cut = -1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    lines += 1;
    if (lines === SHOWN_LINES) cut = i;
  }
  if (cut < 0 || lines <= SHOWN_LINES * 2) return el('pre', null, text);
  const box = el('div', 'long-answer');
  const pre = el('pre', null, text.slice(0, cut + 1) + '…');
  const more = el('button', 'more', `show all ${lines + 1} lines`);
  more.onclick = () => {
    pre.textContent = text;
    more.remove();
  };
  box.append(pre, more);
  return box;
}

function picture(p) {
  const div = el('div', 'picture');
  if (p.svg) {
    // The engine's own SVG: its texts are escaped where they are written.
    div.innerHTML = p.svg;
  } else if (p.omitted) {
    div.append(el('p', 'summary', p.omitted));
  } else if (p.dot) {
    div.textContent = 'laying the graph out…';
    layout(p.dot).then(
      (svg) => div.replaceChildren(svg),
      (e) => {
        div.replaceChildren(el('pre', null, p.dot));
        div.prepend(el('p', 'crash', `the graph could not be laid out (${e.message}); its DOT:`));
      },
    );
  }
  return div;
}

// Graphs are laid out by Graphviz compiled to WebAssembly (viz.js), loaded
// the first time a graph is shown.
async function layout(dot) {
  if (!state.viz) state.viz = import('./vendor/viz.js').then((m) => m.instance());
  const viz = await state.viz;
  return viz.renderSVGElement(dot);
}

function markProblem(item) {
  const ed = state.editor;
  const length = ed.getValue().length;
  item.labels.forEach((label, i) => {
    let { from, to } = label;
    from = Math.min(from, length);
    to = Math.min(Math.max(to, from), length);
    if (to === from) {
      if (to < length) to += 1;
      else if (from > 0) from -= 1;
    }
    const mark = ed.markText(ed.posFromIndex(from), ed.posFromIndex(to), {
      className: 'cm-problem-mark',
      attributes: { title: label.text || item.message },
    });
    state.marks.push(mark);
    if (i === 0) ed.scrollIntoView(ed.posFromIndex(from), 80);
  });
}

function showCrash(message) {
  const out = $('output');
  out.append(el('pre', 'crash',
    `The engine stopped without an answer: ${message}\n` +
    'This happens when the browser runs out of memory or stack for it. Lower the memory limit, ' +
    'or try the command-line grundy, which has more room.'));
}

function showNote(text) {
  $('output').append(el('p', 'summary', text));
}

// ---- examples and links ----------------------------------------------------

async function loadExamples() {
  const list = await (await fetch('examples.json')).json();
  const select = $('examples');
  for (const ex of list) {
    const opt = el('option', null, ex.name);
    opt.value = ex.name;
    select.append(opt);
  }
  select.onchange = () => {
    const ex = list.find((x) => x.name === select.value);
    if (ex) {
      state.exampleText = ex.text;
      state.editor.setValue(ex.text);
      $('share-link').hidden = true;
      clearOutput();
      history.replaceState(null, '', location.pathname + location.search);
    }
  };
  return list;
}

function base64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

// `#z…`: the program's UTF-8, deflated, in base64url; `#t…`: not deflated
// (a browser without CompressionStream).
async function encodeProgram(text) {
  const bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream === 'function') return 'z' + base64url(await pipe(bytes, new CompressionStream('deflate-raw')));
  return 't' + base64url(bytes);
}

async function decodeProgram(fragment) {
  const kind = fragment[0];
  const bytes = unbase64url(fragment.slice(1));
  if (kind === 'z') return new TextDecoder().decode(await pipe(bytes, new DecompressionStream('deflate-raw')));
  if (kind === 't') return new TextDecoder().decode(bytes);
  throw new Error('not a program link');
}

async function share() {
  const fragment = await encodeProgram(state.editor.getValue());
  history.replaceState(null, '', '#' + fragment);
  const url = location.href;
  $('share-url').value = url;
  $('share-link').hidden = false;
  $('share-url').select();
  try {
    await navigator.clipboard.writeText(url);
    status('link copied');
  } catch {
    status('link in the box below');
  }
}

// ---- start -----------------------------------------------------------------

// Where the editor's text is kept between visits.
const SAVED = 'grundy-playground-program';

const STARTER = `# A first game: take 1 or 2 from a row of pins, or knock out one from the
# middle (Kayles). Press Run, or Ctrl-Enter.
game kayles(n: nat) {
    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a
}

grundy kayles(5)
outcome kayles(4) + kayles(7)
winning kayles(1) + kayles(11)
sequence kayles 0..=40
`;

async function main() {
  state.editor = CodeMirror.fromTextArea($('source'), {
    lineNumbers: true,
    indentUnit: 4,
    extraKeys: { 'Ctrl-Enter': run, 'Cmd-Enter': run },
  });
  // The menu names the example only while the editor holds it unchanged.
  state.editor.on('change', () => {
    const select = $('examples');
    if (select.value && state.editor.getValue() !== state.exampleText) select.value = '';
    // What is typed survives a reload; a program opened from a link is
    // kept only once it is edited.
    if (state.openingLink) return;
    clearTimeout(state.saveTimer);
    state.saveTimer = setTimeout(() => {
      try {
        localStorage.setItem(SAVED, state.editor.getValue());
      } catch {
        // Storage full or refused: the editor keeps the text.
      }
    }, 300);
  });
  $('run').onclick = run;
  $('stop').onclick = stop;
  $('share').onclick = share;
  setState('loading');
  startWorker();
  const highlighting = loadHighlighting('game.tmLanguage.json')
    .then(() => state.editor.setOption('mode', 'grundy'))
    .catch(() => {});
  let text = STARTER;
  try {
    text = localStorage.getItem(SAVED) ?? STARTER;
  } catch {
    // No storage (a private window may refuse it): start with the starter.
  }
  if (location.hash.length > 1) {
    try {
      text = await decodeProgram(location.hash.slice(1));
    } catch {
      status('the link does not hold a program', true);
    }
  }
  state.openingLink = location.hash.length > 1;
  state.editor.setValue(text);
  state.openingLink = false;
  await Promise.all([loadExamples().catch(() => {}), highlighting]);
}

main();
