'use strict';
// The language server over stdio (the production bundle), with VS Code's capabilities: pull diagnostics.
//   keystroke   a one-character didChange (typing a letter into a card name, then deleting it: the text
//               alternates between a typo and the original), then textDocument/diagnostic right away;
//               the time from sending didChange to the diagnostic response (p50, p95 over the edits)
//   open        didOpen to its first diagnostic response (cold analysis of the whole file)
//   hover       textDocument/hover inside card names (chain links and board lines) spread over the file
//   responses   who can act: textDocument/hover on `chain` lines (a point's answer) and on link numbers (link + answer)
//   completion  textDocument/completion right after a link's player (`    2 Kaiba |"Sangan"`)
//   memory      VmRSS of the server process (/proc/<pid>/status) after opening the file and its diagnostics,
//               and after `memoryEdits` keystrokes in all (1,000; the timed ones count), each with its pull
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { LspClient, PULL_CAPABILITIES, processMemory } = require('./lsp-client');
const { linkLines, boardNames, spread } = require('./edits');
const { summarize, since } = require('./stats');
const { GENERATED } = require('./paths');
// The Node options the extension starts the server with (client/src/server-process.json): the figures are
// those of the server as users run it.
const SERVER_EXEC_ARGV = require('../../client/src/server-process.json').execArgv;

async function timed(fn) {
  const t0 = process.hrtime.bigint();
  const r = await fn();
  return { ms: since(t0), r };
}

/**
 * Runs the LSP figures of one input. `figures` selects among keystroke, hover, completion, memory;
 * `count` is the number of edits / requests, `warmup` the untimed ones before them.
 */
async function lspInput(serverJs, input, { figures, count, warmup, memoryEdits = 1000, nodeArgs = [] }) {
  const out = [];
  const folder = path.join(GENERATED, `lsp-${input.name}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `lines-${input.name}.segoc`);
  fs.copyFileSync(input.file, file);
  const uri = pathToFileURL(file).href;
  const original = fs.readFileSync(file, 'utf8');
  const lines = original.split('\n');

  const spawned = process.hrtime.bigint();
  const client = new LspClient(serverJs, folder, [...SERVER_EXEC_ARGV, ...nodeArgs]);
  try {
    await client.request('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      capabilities: PULL_CAPABILITIES,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: path.basename(folder) }],
    });
    client.notify('initialized', {});
    await client.settle();
    const idle = processMemory(client.pid);

    let version = 1;
    const open = await timed(async () => {
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'segoc', version, text: original } });
      return client.request('textDocument/diagnostic', { textDocument: { uri } });
    });
    const diagnosticsCount = open.r.items.length;
    const afterOpen = processMemory(client.pid);
    out.push({ id: `lsp.open.${input.name}`, group: 'lsp', name: `LSP didOpen to first diagnostics (pull), ${input.name} lines`, unit: 'ms', value: open.ms, note: `${diagnosticsCount} diagnostics` });
    // Server start (process spawned) to the first diagnostics: what a user waits for when opening a file.
    out.push({ id: `lsp.start.${input.name}`, group: 'lsp', name: `server start to first diagnostics, ${input.name} lines`, unit: 'ms', value: Number(process.hrtime.bigint() - spawned) / 1e6 });
    if (figures.includes('memory')) {
      out.push({
        id: `lsp.memory.${input.name}`,
        group: 'lsp',
        name: `server memory after opening the ${input.name}-line file (VmRSS)`,
        unit: 'MB',
        value: afterOpen?.rssMB,
        note: afterOpen ? `peak (VmHWM) ${afterOpen.peakMB.toFixed(1)} MB; before opening ${idle.rssMB.toFixed(1)} MB` : 'no /proc: n/a',
        na: afterOpen ? undefined : 'no /proc on this system',
      });
    }

    // Keystrokes: a letter typed into a card name, then deleted (the text alternates between a typo and the original).
    const links = linkLines(lines);
    const spots = spread(links, Math.ceil(Math.max(count + warmup, memoryEdits) / 2));
    let edits = 0;
    let lastCount = 0;
    const keystroke = async () => {
      const spot = spots[Math.floor(edits / 2) % spots.length];
      const col = spot.nameEnd - 1;
      const typing = edits % 2 === 0;
      const change = typing
        ? { range: { start: { line: spot.line, character: col }, end: { line: spot.line, character: col } }, text: 'x' }
        : { range: { start: { line: spot.line, character: col }, end: { line: spot.line, character: col + 1 } }, text: '' };
      version++;
      edits++;
      const t = await timed(async () => {
        client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        return client.request('textDocument/diagnostic', { textDocument: { uri } });
      });
      lastCount = t.r.items.length;
      return t.ms;
    };

    if (figures.includes('keystroke')) {
      const times = [];
      for (let i = 0; i < count + warmup; i++) {
        const ms = await keystroke();
        if (i >= warmup) times.push(ms);
      }
      out.push({
        id: `lsp.keystroke.${input.name}`,
        group: 'lsp',
        name: `keystroke to diagnostics (pull), ${input.name} lines`,
        unit: 'ms',
        ...summarize(times),
        note: `${times.length} edits; pull mode (textDocument/diagnostic right after didChange); ${lastCount} diagnostics`,
      });
    }
    if (figures.includes('memory')) {
      while (edits < memoryEdits) await keystroke();
      const afterEdits = processMemory(client.pid);
      if (afterEdits) {
        out.push({
          id: `lsp.memory-after-edits.${input.name}`,
          group: 'lsp',
          name: `server memory after ${edits.toLocaleString('en')} edits, ${input.name} lines (VmRSS)`,
          unit: 'MB',
          value: afterEdits.rssMB,
          note: `peak (VmHWM) ${afterEdits.peakMB.toFixed(1)} MB; each edit followed by its pull diagnostics`,
        });
      }
    }

    if (figures.includes('hover')) {
      const names = [...linkLines(lines).map((l) => ({ line: l.line, nameStart: l.nameStart, nameEnd: l.nameEnd })), ...boardNames(lines)].sort((a, b) => a.line - b.line);
      const spots = spread(names, count + warmup);
      const times = [];
      let empty = 0;
      for (let i = 0; i < spots.length; i++) {
        const s = spots[i];
        const character = Math.floor((s.nameStart + s.nameEnd) / 2);
        const t = await timed(() => client.request('textDocument/hover', { textDocument: { uri }, position: { line: s.line, character } }));
        if (!t.r) empty++;
        if (i >= warmup) times.push(t.ms);
      }
      out.push({ id: `lsp.hover.${input.name}`, group: 'lsp', name: `hover on card names, ${input.name} lines`, unit: 'ms', ...summarize(times), note: `${times.length} requests; ${empty} empty` });
    }

    if (figures.includes('responses')) {
      // Who can act (issue 30): a point's answer alone (the hover on a `chain` line: who can act once that chain has
      // resolved), and a chain link's hover with the answer after it (on the link's number).
      const chainLines = [];
      lines.forEach((text, line) => {
        const m = /^(\s*)chain\s*$/.exec(text);
        if (m) chainLines.push({ line, character: m[1].length + 2 });
      });
      const linkNumbers = linkLines(lines).map((l) => ({ line: l.line, character: /^\s*/.exec(l.text)[0].length }));
      // Each spot once: the server keeps a point's answer for the analysis, so a spot asked again would time a lookup.
      const measure = async (id, name, list) => {
        const spots = spread(list, Math.min(list.length, count + warmup));
        const times = [];
        let empty = 0;
        for (let i = 0; i < spots.length; i++) {
          const t = await timed(() => client.request('textDocument/hover', { textDocument: { uri }, position: spots[i] }));
          if (!t.r || !JSON.stringify(t.r).includes('Who can act')) empty++;
          if (i >= warmup) times.push(t.ms);
        }
        out.push({ id, group: 'lsp', name, unit: 'ms', ...summarize(times), note: `${times.length} requests; ${empty} without who can act` });
      };
      await measure(`lsp.responses.point.${input.name}`, `who can act at one point (hover on a chain line), ${input.name} lines`, chainLines);
      await measure(`lsp.hover-responses.${input.name}`, `hover on a chain link with who can act after it, ${input.name} lines`, linkNumbers);
      // The preview re-renders after each edit with who can act at up to 30 points (lsp/preview.ts): an edit, its
      // diagnostics, then the preview request, timed alone (the analysis is the edit's; the points are not cached).
      const renders = Math.min(count, 40);
      const times = [];
      let points = 0;
      for (let i = 0; i < renders + warmup; i++) {
        await keystroke();
        const t = await timed(() => client.request('segoc/preview', { uri }));
        if (i >= warmup) {
          times.push(t.ms);
          points = (t.r?.scenarios ?? []).reduce((n, sc) => n + (sc.points?.length ?? 0), 0);
        }
      }
      out.push({ id: `lsp.preview.${input.name}`, group: 'lsp', name: `preview after an edit, with who can act (up to 30 points), ${input.name} lines`, unit: 'ms', ...summarize(times), note: `${times.length} renders; ${points} points shown` });
    }

    if (figures.includes('completion')) {
      const spots = spread(linkLines(lines), count + warmup);
      const times = [];
      let items = 0;
      for (let i = 0; i < spots.length; i++) {
        const s = spots[i];
        const t = await timed(() => client.request('textDocument/completion', { textDocument: { uri }, position: { line: s.line, character: s.afterPlayer } }));
        const list = Array.isArray(t.r) ? t.r : t.r?.items ?? [];
        if (i >= warmup) {
          times.push(t.ms);
          items += list.length;
        }
      }
      out.push({
        id: `lsp.completion.${input.name}`,
        group: 'lsp',
        name: `completion after a link's player, ${input.name} lines`,
        unit: 'ms',
        ...summarize(times),
        note: `${times.length} requests; ${Math.round(items / Math.max(1, times.length))} items on average`,
      });
      // Inside a card name, three letters typed (`"San|`): every card name that matches, the generated library's too.
      const named = [];
      let namedItems = 0;
      for (let i = 0; i < spots.length; i++) {
        const s = spots[i];
        if (s.nameEnd - s.nameStart < 3) continue;
        const t = await timed(() => client.request('textDocument/completion', { textDocument: { uri }, position: { line: s.line, character: s.nameStart + 3 } }));
        const list = Array.isArray(t.r) ? t.r : t.r?.items ?? [];
        if (i >= warmup) {
          named.push(t.ms);
          namedItems += list.length;
        }
      }
      if (named.length) {
        out.push({
          id: `lsp.completion-name.${input.name}`,
          group: 'lsp',
          name: `completion inside a card name (3 letters typed), ${input.name} lines`,
          unit: 'ms',
          ...summarize(named),
          note: `${named.length} requests; ${Math.round(namedItems / named.length)} items on average`,
        });
      }
    }
  } finally {
    await client.stop();
  }
  return out;
}

async function runLsp(serverJs, inputs, options) {
  const out = [];
  for (const input of inputs) out.push(...(await lspInput(serverJs, input, options)));
  return out;
}

module.exports = { runLsp };
