// The `.game` highlighting of editors/ in CodeMirror: the TextMate grammar
// (editors/vscode/syntaxes/game.tmLanguage.json, copied beside this file by
// build.sh) is read as it is and interpreted here, so the page highlights
// exactly what the editors do and there is one grammar to keep true.
//
// A small TextMate interpreter: at each position the patterns of the current
// context are tried in order, anchored there; the first that matches makes
// the token (or, with captures, one token per captured group and plain text
// between them). `begin`/`end` rules open a context that lasts until `end`
// matches (an `end` of `$` closes at the end of the line).

/* global CodeMirror */

// TextMate scope names → CodeMirror token styles (the `cm-` classes).
const STYLES = [
  ['comment', 'comment'],
  ['string', 'string'],
  ['constant.character.escape', 'string-2'],
  ['entity.name.function', 'def'],
  ['storage', 'keyword'],
  ['keyword.other.query', 'keyword query'],
  ['keyword.operator', 'operator'],
  ['keyword', 'keyword'],
  ['constant.numeric', 'number'],
  ['constant.language', 'atom'],
  ['constant.other.square', 'variable-2'],
  ['support.type', 'type'],
  ['support.function', 'builtin'],
  ['punctuation', 'bracket'],
];

function styleOf(scope) {
  if (!scope) return null;
  for (const [prefix, style] of STYLES) {
    if (scope === prefix || scope.startsWith(prefix + '.')) return style;
  }
  return null;
}

// A TextMate regex as a sticky JavaScript one (the grammar's regexes use
// only syntax the two share).
function sticky(source) {
  return new RegExp(source, 'y');
}

// The grammar compiled: every context's patterns flattened (includes
// resolved), each rule with its regex and styles.
function compile(grammar) {
  const rules = new Map();
  function rule(p) {
    if (rules.has(p)) return rules.get(p);
    const r = { name: styleOf(p.name), captures: null, begin: null, end: null, inner: null };
    rules.set(p, r);
    const caps = p.captures || p.beginCaptures;
    if (caps) {
      r.captures = {};
      for (const [k, v] of Object.entries(caps)) r.captures[k] = styleOf(v.name);
    }
    if (p.match) r.match = sticky(p.match);
    if (p.begin) {
      r.begin = sticky(p.begin);
      r.endSource = p.end;
      r.end = sticky(p.end);
      r.inner = flatten(p.patterns || []);
    }
    return r;
  }
  function flatten(patterns, seen = new Set()) {
    const out = [];
    for (const p of patterns) {
      if (p.include) {
        const target = p.include === '$self' ? { patterns: grammar.patterns } : grammar.repository[p.include.slice(1)];
        if (target && !seen.has(target)) {
          seen.add(target);
          out.push(...flatten(target.patterns ? target.patterns : [target], seen));
          seen.delete(target);
        }
        continue;
      }
      if (p.match || p.begin) out.push(rule(p));
      else if (p.patterns) out.push(...flatten(p.patterns, seen));
    }
    return out;
  }
  // `$self` inside a begin/end rule refers back to the top level: resolved
  // lazily above through `grammar.patterns`.
  return flatten(grammar.patterns);
}

// The tokens of one match: [length, style] pairs covering it, captured
// groups styled and the text between them plain (groups found by position,
// so only groups that appear once in order are styled: all this grammar has).
function pieces(m, r) {
  const whole = m[0];
  const whole_style = r.name;
  if (!r.captures) return [[whole.length, whole_style]];
  const out = [];
  let at = 0;
  for (let g = 1; g < m.length; g++) {
    const text = m[g];
    if (text === undefined || text === '') continue;
    const i = whole.indexOf(text, at);
    if (i < 0) continue;
    if (i > at) out.push([i - at, whole_style]);
    out.push([text.length, r.captures[String(g)] || whole_style]);
    at = i + text.length;
  }
  if (at < whole.length) out.push([whole.length - at, whole_style]);
  return out;
}

function defineGrundyMode(grammar) {
  const top = compile(grammar);
  CodeMirror.defineMode('grundy', () => ({
    startState: () => ({ stack: [], queue: [] }),
    copyState: (s) => ({ stack: s.stack.slice(), queue: s.queue.slice() }),
    blankLine(state) {
      closeAtLineEnd(state);
    },
    token(stream, state) {
      if (stream.sol()) closeAtLineEnd(state);
      if (state.queue.length) {
        const [len, style] = state.queue.shift();
        stream.pos += len;
        return style;
      }
      const line = stream.string;
      const pos = stream.pos;
      const context = state.stack[state.stack.length - 1];
      if (context && context.endSource !== '$') {
        context.end.lastIndex = pos;
        const m = context.end.exec(line);
        if (m && m[0].length) {
          state.stack.pop();
          stream.pos += m[0].length;
          return null;
        }
      }
      for (const r of context ? context.inner : top) {
        const re = r.begin || r.match;
        re.lastIndex = pos;
        const m = re.exec(line);
        if (!m || m[0].length === 0) continue;
        if (r.begin) state.stack.push(r);
        const [first, ...rest] = pieces(m, r);
        state.queue = rest;
        stream.pos += first[0];
        return first[1];
      }
      stream.next();
      return null;
    },
    lineComment: '#',
  }));
}

// Loads the grammar and defines the mode; resolves when it is ready.
export async function loadHighlighting(url) {
  const grammar = await (await fetch(url)).json();
  defineGrundyMode(grammar);
}

// The context a line ends: rules ending at `$` close with their line.
function closeAtLineEnd(state) {
  while (state.stack.length && state.stack[state.stack.length - 1].endSource === '$') state.stack.pop();
  state.queue = [];
}
