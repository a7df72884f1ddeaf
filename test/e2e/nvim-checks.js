// The Neovim end-to-end checks: headless Neovim (Debian's 0.7) starts the built language server over
// stdio (`node dist/server.js --stdio`) with test/e2e/nvim-lsp.lua, opens a .segoc file and writes
// the diagnostics it received as JSON; the checks compare them with what the file says.
// Called by test/e2e/run.js; also runnable alone after `npm run build`:
//
//   node test/e2e/nvim-checks.js            # prints "N passed, N failed"
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'dist', 'server.js');
const LUA = path.join(__dirname, 'nvim-lsp.lua');
const NVIM = process.env.SEGOC_NVIM || 'nvim';

/** Runs nvim-lsp.lua on `file`; resolves to the parsed JSON it wrote (array or {error}). */
function diagnosticsFromNvim(file, { minDiagnostics = 0, timeoutMs = 20000 } = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-e2e-nvim-')), 'diagnostics.json');
  const env = {
    ...process.env,
    SEGOC_SERVER: SERVER,
    SEGOC_FILE: file,
    SEGOC_OUT: out,
    SEGOC_NODE: process.execPath,
    SEGOC_MIN_DIAGNOSTICS: String(minDiagnostics),
    SEGOC_TIMEOUT_MS: String(timeoutMs),
    // Keep Neovim away from the real $HOME (shada, swap, logs such as lsp.log).
    XDG_CONFIG_HOME: path.join(path.dirname(out), 'config'),
    XDG_DATA_HOME: path.join(path.dirname(out), 'data'),
    XDG_STATE_HOME: path.join(path.dirname(out), 'state'),
    XDG_CACHE_HOME: path.join(path.dirname(out), 'cache'),
  };
  const r = spawnSync(NVIM, ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${LUA}`], {
    env,
    encoding: 'utf8',
    timeout: timeoutMs + 20000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) throw new Error(`${NVIM}: ${r.error.message}`);
  if (!fs.existsSync(out)) throw new Error(`nvim wrote no result (exit ${r.status}): ${(r.stdout || '') + (r.stderr || '')}`.trim());
  const result = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  if (!Array.isArray(result)) throw new Error(`nvim-lsp.lua: ${JSON.stringify(result)}`);
  return result;
}

/**
 * The diagnostics a sample's `expect illegal CODE at N` lines promise: for each, the link numbered N
 * of the scenario's last chain before the expect line (0-based line). `in chain K` is not used by
 * the sample checked here, so it is not handled.
 */
function expectedFromExpectLines(text) {
  const lines = text.split('\n');
  const out = [];
  let chainStarts = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\s*scenario\b/.test(l)) chainStarts = [];
    if (/^\s*chain\s*(#.*)?$/.test(l)) chainStarts.push(i);
    const m = /^\s*expect illegal ([a-z-]+) at (\d+)\s*(#.*)?$/.exec(l);
    if (m) {
      const start = chainStarts[chainStarts.length - 1];
      let line = -1;
      for (let j = start + 1; j < i; j++) {
        if (new RegExp(`^\\s*${m[2]}\\s`).test(lines[j])) {
          line = j;
          break;
        }
        if (/^\s*chain\b/.test(lines[j])) break;
      }
      out.push({ code: m[1], line });
    }
  }
  return out;
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

async function runNvimChecks({ report, log }) {
  const check = (name, fn) => {
    const t = Date.now();
    try {
      const detail = fn();
      report(name, true, `${detail === undefined ? '' : `${detail} `}(${((Date.now() - t) / 1000).toFixed(1)}s)`);
    } catch (e) {
      report(name, false, (e && e.message) || String(e));
    }
  };
  const version = spawnSync(NVIM, ['--version'], { encoding: 'utf8' });
  log(`${(version.stdout || '').split('\n')[0] || `${NVIM}: not found`}; server: node ${path.relative(ROOT, SERVER)} --stdio`);

  check('(nvim) an illegal chain with no expect line: 1 segoc-order error on line 15', () => {
    const file = path.join(__dirname, 'fixtures', 'illegal-order.segoc');
    const d = diagnosticsFromNvim(file, { minDiagnostics: 1 });
    assert(d.length === 1, `${d.length} diagnostics: ${JSON.stringify(d)}`);
    const [x] = d;
    assert(x.code === 'segoc-order', `code ${x.code}`);
    assert(x.severity === 1, `severity ${x.severity} (1 = error)`);
    assert(x.range.start.line === 14 && x.range.start.character === 4, `at ${JSON.stringify(x.range.start)}, expected line 14 (0-based), character 4`);
    assert(x.source === 'segoc' && /\[R11\]$/.test(x.message), `source ${x.source}, message ${x.message}`);
    return `${x.code} at ${x.range.start.line + 1}:${x.range.start.character + 1}, severity error`;
  });

  check('(nvim) an illegal sample (samples/rules/R11-segoc-order.segoc): each `expect illegal` is reported', () => {
    const file = path.join(ROOT, 'samples', 'rules', 'R11-segoc-order.segoc');
    const want = expectedFromExpectLines(fs.readFileSync(file, 'utf8'));
    assert(want.length > 0 && want.every((w) => w.line >= 0), `could not read the expect lines: ${JSON.stringify(want)}`);
    const d = diagnosticsFromNvim(file, { minDiagnostics: want.length });
    const got = d.map((x) => `${x.code}@${x.range.start.line}`).sort();
    const exp = want.map((w) => `${w.code}@${w.line}`).sort();
    assert(JSON.stringify(got) === JSON.stringify(exp), `diagnostics ${JSON.stringify(got)}, expected ${JSON.stringify(exp)} (0-based lines)`);
    assert(d.every((x) => x.severity === 3 && /^expected: /.test(x.message)), `not all are "expected:" information: ${JSON.stringify(d.map((x) => [x.severity, x.message.slice(0, 30)]))}`);
    return `${d.length} × segoc-order on lines ${want.map((w) => w.line + 1).join(', ')} (information, expected)`;
  });

  check("(nvim) the README's Neovim setup: filetype, one client, the error, a hover, cleared after an edit", () => {
    const r = runReadmeSetup();
    assert(!r.error, r.error);
    assert(r.filetype === 'segoc', `filetype "${r.filetype}"`);
    assert(JSON.stringify(r.clients) === '["segoc"]', `clients attached: ${JSON.stringify(r.clients)}`);
    const d = r.diagnostics || [];
    assert(d.length === 1 && d[0].code === 'segoc-order' && d[0].lnum === 14 && d[0].severity === 1, `diagnostics ${JSON.stringify(d)}`);
    assert(/CL2 — Yugi's optional trigger.*category 3 of 4/.test(r.hover.replace(/\*/g, '')), `hover: ${JSON.stringify(r.hover.slice(0, 200))}`);
    assert(r.cleared === true, `${r.after} diagnostic(s) left after reordering the chain in the buffer`);
    return 'segoc-order on line 15, hover "category 3 of 4", 0 diagnostics after the edit';
  });

  check('(nvim) a legal sample (samples/rules/R12-free-order.segoc): no diagnostics', () => {
    const file = path.join(ROOT, 'samples', 'rules', 'R12-free-order.segoc');
    const d = diagnosticsFromNvim(file, { minDiagnostics: 0 });
    assert(d.length === 0, `${d.length} diagnostics: ${JSON.stringify(d.map((x) => `${x.code}: ${x.message}`))}`);
    return '0 diagnostics';
  });
}

/** The lua block of the README's "Other editors" section. */
function readmeNeovimSetup() {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf('\n## Other editors');
  if (at < 0) throw new Error('README.md has no "## Other editors" section');
  const m = /```lua\n([^]*?)\n```/.exec(readme.slice(at));
  if (!m) throw new Error('no ```lua block in the README\'s "Other editors" section');
  return m[1];
}

/**
 * Runs the README's Neovim setup as init.lua (its server path replaced by dist/server.js) with
 * nvim-readme-check.lua on a copy of the illegal-order fixture; returns that script's JSON.
 */
function runReadmeSetup() {
  const lua = readmeNeovimSetup();
  const pathLine = /^local segoc_server = .*$/m;
  if (!pathLine.test(lua)) throw new Error('the README\'s lua block has no `local segoc_server = ...` line');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-e2e-nvim-readme-'));
  try {
    fs.mkdirSync(path.join(dir, 'config', 'nvim'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'config', 'nvim', 'init.lua'), lua.replace(pathLine, `local segoc_server = ${JSON.stringify(SERVER)}`));
    const file = path.join(dir, 'illegal-order.segoc');
    fs.copyFileSync(path.join(__dirname, 'fixtures', 'illegal-order.segoc'), file);
    const out = path.join(dir, 'result.json');
    const env = {
      ...process.env,
      SEGOC_FILE: file,
      SEGOC_OUT: out,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_STATE_HOME: path.join(dir, 'state'),
      XDG_CACHE_HOME: path.join(dir, 'cache'),
      // `node` from the PATH, as the README says: make it this Node.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH || ''}`,
    };
    const r = spawnSync(NVIM, ['--headless', '-i', 'NONE', '-n', '-c', `luafile ${path.join(__dirname, 'nvim-readme-check.lua')}`], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 90000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.error) throw new Error(`${NVIM}: ${r.error.message}`);
    if (!fs.existsSync(out)) throw new Error(`nvim wrote no result (exit ${r.status}): ${(r.stdout || '') + (r.stderr || '')}`.trim());
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { runNvimChecks, diagnosticsFromNvim, expectedFromExpectLines };

if (require.main === module) {
  let passed = 0;
  let failed = 0;
  runNvimChecks({
    report: (name, ok, detail) => {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    },
    log: (m) => console.log(`[nvim] ${m}`),
  }).then(() => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
}
