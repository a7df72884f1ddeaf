// The language server over stdio, as a modern client (pull diagnostics) sees it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fileUri, LspClient, PULL_CAPABILITIES, ROOT } from './client';
import { ILLEGAL, LEGAL, MESSY, MESSY_FORMATTED, TYPOS } from './fixtures';
import { applyEdits } from '../helpers';
import { formatPage } from '../../server/src/core/internal';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The items of a completion answer: a list, or (when cut, e.g. by the generated library's names) a CompletionList. */
function completionItems(answer: Any): Any[] {
  return Array.isArray(answer) ? answer : answer.items;
}

describe('language server (pull client)', () => {
  let client: LspClient;
  let dir: string;
  let init: Any;
  const uri = (name: string) => fileUri(path.join(dir, name));

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segoc-lsp-'));
    client = new LspClient({ settings: { validate: 'onType', inlayHints: { enabled: true } } });
    init = await client.initialize(PULL_CAPABILITIES, dir);
    client.open(uri('illegal.segoc'), ILLEGAL);
    client.open(uri('legal.segoc'), LEGAL);
    client.open(uri('typos.segoc'), TYPOS);
  });

  after(async () => {
    await client.stop();
    client.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pull = (name: string): Promise<Any> => client.request('textDocument/diagnostic', { textDocument: { uri: uri(name) } });

  test('initialize advertises the capabilities', () => {
    const caps = init.capabilities;
    assert.equal(caps.textDocumentSync.change, 2, 'incremental sync');
    assert.equal(caps.textDocumentSync.openClose, true);
    assert.equal(caps.hoverProvider, true);
    assert.deepEqual([...caps.completionProvider.triggerCharacters].sort(), [' ', '"', '《'].sort());
    assert.equal(caps.definitionProvider, true);
    assert.equal(caps.referencesProvider, true);
    assert.ok(caps.documentSymbolProvider);
    assert.equal(caps.foldingRangeProvider, true);
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    assert.equal(caps.documentFormattingProvider, true);
    assert.ok(caps.codeActionProvider.codeActionKinds.includes('quickfix'));
    assert.equal(caps.inlayHintProvider, true);
    assert.deepEqual(caps.semanticTokensProvider.legend.tokenTypes, [
      'keyword',
      'string',
      'number',
      'variable',
      'type',
      'enumMember',
      'function',
      'comment',
      'operator',
    ]);
    assert.equal(caps.diagnosticProvider.interFileDependencies, true);
    assert.equal(caps.diagnosticProvider.workspaceDiagnostics, false);
    assert.equal(init.serverInfo.name, 'segoc');
  });

  test('the server asks for the "segoc" settings', async () => {
    for (let i = 0; i < 50 && !client.serverRequests.some((r) => r.method === 'workspace/configuration'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const req = client.serverRequests.find((r) => r.method === 'workspace/configuration');
    assert.ok(req, 'workspace/configuration was requested');
    assert.equal(req!.params.items[0].section, 'segoc');
  });

  test('pull diagnostics: an illegal chain gets segoc-order with range, related information and a docs link', async () => {
    const report = await pull('illegal.segoc');
    assert.equal(report.kind, 'full');
    const d = report.items.find((x: Any) => x.code === 'segoc-order');
    assert.ok(d, `segoc-order in ${JSON.stringify(report.items.map((x: Any) => x.code))}`);
    assert.equal(d.severity, 1);
    assert.equal(d.source, 'segoc');
    assert.deepEqual(d.range, { start: { line: 16, character: 4 }, end: { line: 16, character: 20 } });
    assert.match(d.message, /category 2 of 4/);
    assert.equal(d.codeDescription.href, 'https://github.com/segoc/segoc/blob/main/docs/rules.md#segoc-order');
    assert.equal(d.relatedInformation.length, 1);
    assert.equal(d.relatedInformation[0].location.uri, uri('illegal.segoc'));
    assert.equal(d.relatedInformation[0].location.range.start.line, 17);
    // Its quick fixes are not in the report (sent on every keystroke): code actions ask the current analysis.
    assert.equal(d.data.fix, undefined);
    assert.equal(d.data.rule, 'R11');
  });

  test('pull diagnostics: the legal order has no rule problem', async () => {
    const report = await pull('legal.segoc');
    assert.equal(report.kind, 'full');
    assert.deepEqual(
      report.items.filter((x: Any) => x.severity === 1),
      [],
    );
    assert.equal(report.items.some((x: Any) => x.code === 'segoc-order'), false);
  });

  test('pull diagnostics: language errors link to the language docs', async () => {
    const report = await pull('typos.segoc');
    const codes = report.items.map((x: Any) => x.code).sort();
    assert.ok(codes.includes('unknown-card'), codes.join());
    assert.ok(codes.includes('unknown-player'), codes.join());
    const card = report.items.find((x: Any) => x.code === 'unknown-card');
    assert.deepEqual(card.range, { start: { line: 3, character: 14 }, end: { line: 3, character: 21 } });
    assert.equal(card.codeDescription.href, 'https://github.com/segoc/segoc/blob/main/docs/language.md#error-codes-of-the-language');
  });

  test('pull diagnostics of a real sample: every expectation met, expected problems shown as information', async () => {
    const sample = path.join(ROOT, 'samples', 'rules', 'R11-segoc-order.segoc');
    const u = uri('R11-copy.segoc');
    client.open(u, fs.readFileSync(sample, 'utf8'));
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    assert.deepEqual(
      report.items.filter((x: Any) => x.severity === 1).map((x: Any) => x.message),
      [],
    );
    const expected = report.items.filter((x: Any) => x.code === 'segoc-order');
    assert.equal(expected.length, 3);
    assert.ok(expected.every((x: Any) => x.severity === 3 && /^expected: /.test(x.message)));
  });

  test('didChange (incremental) updates the diagnostics', async () => {
    const u = uri('change.segoc');
    client.open(u, ILLEGAL, 1);
    let report = await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    assert.ok(report.items.some((x: Any) => x.code === 'segoc-order'));
    // Swap the two Sangan links with two range edits.
    client.notify('textDocument/didChange', {
      textDocument: { uri: u, version: 2 },
      contentChanges: [
        { range: { start: { line: 16, character: 6 }, end: { line: 16, character: 11 } }, text: 'Yugi' },
        { range: { start: { line: 17, character: 6 }, end: { line: 17, character: 10 } }, text: 'Kaiba' },
      ],
    });
    report = await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    assert.deepEqual(
      report.items.filter((x: Any) => x.severity === 1).map((x: Any) => x.code),
      [],
    );
    // Break it again: an unknown player on line 18.
    client.notify('textDocument/didChange', {
      textDocument: { uri: u, version: 3 },
      contentChanges: [{ range: { start: { line: 18, character: 6 }, end: { line: 18, character: 10 } }, text: 'Joey' }],
    });
    report = await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    const unknown = report.items.find((x: Any) => x.code === 'unknown-player');
    assert.ok(unknown);
    assert.deepEqual(unknown.range, { start: { line: 18, character: 6 }, end: { line: 18, character: 10 } });
  });

  test('one analysis per document version', async () => {
    const u = uri('cache.segoc');
    client.open(u, LEGAL, 1);
    const pos = { line: 17, character: 12 };
    await client.request('textDocument/hover', { textDocument: { uri: u }, position: pos });
    const first = (await client.request('segoc/stats')).analyses;
    await client.request('textDocument/hover', { textDocument: { uri: u }, position: pos });
    await client.request('textDocument/diagnostic', { textDocument: { uri: u } });
    await client.request('textDocument/documentSymbol', { textDocument: { uri: u } });
    await client.request('textDocument/inlayHint', { textDocument: { uri: u }, range: { start: { line: 0, character: 0 }, end: { line: 30, character: 0 } } });
    const second = (await client.request('segoc/stats')).analyses;
    assert.equal(second, first, 'no new analysis for the same version');
    client.notify('textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: [{ text: ILLEGAL }] });
    await client.request('textDocument/hover', { textDocument: { uri: u }, position: pos });
    const third = (await client.request('segoc/stats')).analyses;
    assert.equal(third, second + 1);
  });

  test('hover on a card name describes the card', async () => {
    // `"Sangan"` on line 17 (CL2), character 11 is inside the name.
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 17, character: 11 } });
    assert.equal(h.contents.kind, 'markdown');
    const v: string = h.contents.value;
    assert.match(v, /\*\*"Sangan"\*\* — effect monster/);
    assert.match(v, /mandatory Trigger Effect/i);
    assert.match(v, /"if" wording: cannot miss the timing/);
    assert.match(v, /Spell Speed 1/);
    assert.match(v, /card library/);
    assert.deepEqual(h.range, { start: { line: 17, character: 11 }, end: { line: 17, character: 19 } });
  });

  test('hover on an optional "when" trigger says it can miss the timing', async () => {
    // `peten` label line 18 is a label; hover the Peten name on line 19 instead.
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 19, character: 15 } });
    assert.match(h.contents.value, /optional Trigger Effect/i);
    assert.match(h.contents.value, /can miss the timing/);
  });

  test('hover on a card defined in this file says so', async () => {
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 10, character: 16 } });
    assert.match(h.contents.value, /"Test Monster"/);
    assert.match(h.contents.value, /beast · EARTH · level 4/);
    assert.match(h.contents.value, /Defined in this file, line 1/);
  });

  test('hover on a chain link gives its category, Spell Speed, verdict and resolution', async () => {
    // The link number of CL2 in the legal document: `2 Kaiba "Sangan"`.
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('legal.segoc') }, position: { line: 17, character: 4 } });
    const v: string = h.contents.value;
    assert.match(v, /CL2 — Kaiba's mandatory trigger\*\*: category 2 of 4 \(non-turn player's mandatory\)/);
    assert.match(v, /Spell Speed 1/);
    assert.match(v, /✓ Legal/);
    assert.match(v, /Resolves 3rd of 4/);
    assert.match(v, /Legal order of the trigger batch/);
  });

  test('hover on an illegal link names the rule broken', async () => {
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 16, character: 4 } });
    assert.match(h.contents.value, /CL1 — Kaiba's mandatory trigger/);
    assert.match(h.contents.value, /✗ Illegal/);
    assert.match(h.contents.value, /`segoc-order`/);
  });

  test('hover on an expect code and on the rules line', async () => {
    const u = uri('expect.segoc');
    client.open(u, ILLEGAL + '\n  expect illegal segoc-order at 1\n');
    const h = await client.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 21, character: 20 } });
    assert.match(h.contents.value, /`segoc-order`\*\* — rule R11/);
    assert.match(h.contents.value, /docs\/rules\.md#segoc-order/);
    const r = await client.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 4, character: 4 } });
    assert.match(r.contents.value, /TCG/);
    assert.match(r.contents.value, /R28 \[version\/disputed\]/);
  });

  test('completion after a link\'s player offers card names in quotes', async () => {
    const u = uri('complete.segoc');
    const text = ILLEGAL + '\n  chain\n    1 Yugi ';
    client.open(u, text);
    const items: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 22, character: 11 } }));
    const sangan = items.find((i) => i.label === '"Sangan"');
    assert.ok(sangan, `"Sangan" among ${items.length} items`);
    assert.equal(sangan.detail, 'effect monster');
    assert.equal(sangan.textEdit.newText, '"Sangan"');
    // The description comes with completionItem/resolve, for the item the editor shows: the list stays small
    // (at most CARD_ITEM_LIMIT names; the generated library's real names are longer than the curated ones).
    assert.equal(sangan.documentation, undefined);
    assert.ok(JSON.stringify(items).length < 60000, `the completion list is ${JSON.stringify(items).length} bytes`);
    const resolved: Any = await client.request('completionItem/resolve', sangan);
    assert.match(resolved.documentation.value, /mandatory Trigger Effect/i);
    const mine: Any = await client.request('completionItem/resolve', items.find((i) => i.label === '"Test Monster"'));
    assert.match(mine.documentation.value, /Test Monster/);
    assert.ok(items.some((i) => i.label === '"Test Monster"'), 'cards of this file too');
    assert.ok(items.some((i) => i.label === 'peten'), 'labels of the scenario');
    // The scenario's own cards sort first.
    const sorted = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.ok(['"Sangan"', '"Peten the Dark Clown"', '"Dark Hole"', '"Test Monster"', 'peten'].includes(sorted[0].label), sorted[0].label);
  });

  test('completion inside an opened quote replaces the auto-closed quote', async () => {
    const u = uri('complete2.segoc');
    client.open(u, ILLEGAL + '\n  chain\n    1 Yugi "San"');
    const items: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 22, character: 15 } }));
    const sangan = items.find((i) => i.label === 'Sangan');
    assert.ok(sangan, 'inside the quotes the label is the bare name');
    assert.deepEqual(sangan.textEdit, { range: { start: { line: 22, character: 11 }, end: { line: 22, character: 16 } }, newText: '"Sangan"' });
    assert.ok(!items.some((i) => ['chain', 'scenario', 'expect'].includes(i.label)), 'no keywords inside a name');
  });

  test('completion after 《 offers names and aliases in Japanese brackets', async () => {
    const u = uri('complete-jp.segoc');
    client.open(u, ILLEGAL + '\n  chain\n    1 Yugi 《》');
    const items: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 22, character: 12 } }));
    const alias = items.find((i) => i.label === 'クリッター');
    assert.ok(alias, 'the alias of Sangan');
    assert.equal(alias.detail, 'effect monster');
    assert.deepEqual(alias.textEdit, { range: { start: { line: 22, character: 11 }, end: { line: 22, character: 13 } }, newText: '《クリッター》' });
    assert.ok(items.some((i) => i.label === 'Sangan' && i.textEdit.newText === '《Sangan》'));
  });

  test('completion: keywords and players at line start, codes after expect illegal, phases, events', async () => {
    const u = uri('complete3.segoc');
    client.open(u, ILLEGAL + '\n  \n  expect illegal \n  phase \ncard "X": effect monster\n  trigger optional when ');
    const start: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 21, character: 2 } }));
    for (const k of ['chain', 'expect', 'Yugi', 'Kaiba', 'scenario']) assert.ok(start.some((i) => i.label === k), k);
    assert.ok(start.some((i) => i.label === 'scenario' && i.kind === 15 && /\$\{1:title\}/.test(i.textEdit.newText)), 'scenario snippet');
    const codes: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 22, character: 17 } }));
    assert.ok(codes.some((i) => i.label === 'segoc-order' && i.detail.startsWith('R11')));
    assert.ok(codes.some((i) => i.label === 'missed-timing'));
    const phases: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 23, character: 8 } }));
    assert.ok(phases.some((i) => i.label === 'standby'));
    assert.ok(phases.some((i) => i.label === 'end of battle phase'));
    const events: Any[] = completionItems(await client.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 25, character: 24 } }));
    assert.ok(events.some((i) => i.label === 'sent to gy'));
    assert.ok(events.some((i) => i.label === 'opponent declares direct attack'));
  });

  test('definition of a card defined in the same file', async () => {
    const locs: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 10, character: 16 } });
    assert.equal(locs.length, 1);
    assert.equal(locs[0].uri, uri('illegal.segoc'));
    assert.deepEqual(locs[0].range, { start: { line: 0, character: 5 }, end: { line: 0, character: 19 } });
  });

  test('definition of a library card: a segoc-library document served by segoc/libraryFile', async () => {
    const locs: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 17, character: 12 } });
    assert.equal(locs.length, 1);
    assert.match(locs[0].uri, /^segoc-library:\/library\/[\w-]+\.segoc$/);
    const file = await client.request('segoc/libraryFile', { uri: locs[0].uri });
    const line = file.text.split(/\r?\n/)[locs[0].range.start.line];
    assert.equal(line.slice(locs[0].range.start.character, locs[0].range.end.character), '"Sangan"');
    assert.match(line, /^card "Sangan":/);
    assert.equal(await client.request('segoc/libraryFile', { uri: 'segoc-library:/library/no-such-file.segoc' }), null);
    const err = await client.requestError('segoc/libraryFile', {});
    assert.equal(err.code, -32602);
  });

  test('definition of a label and a player', async () => {
    const label: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 18, character: 12 } });
    assert.deepEqual(label[0].range, { start: { line: 8, character: 50 }, end: { line: 8, character: 55 } });
    const player: Any[] = await client.request('textDocument/definition', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 16, character: 8 } });
    assert.deepEqual(player[0].range, { start: { line: 5, character: 16 }, end: { line: 5, character: 21 } });
  });

  test('references of a label', async () => {
    const locs: Any[] = await client.request('textDocument/references', {
      textDocument: { uri: uri('illegal.segoc') },
      position: { line: 18, character: 11 },
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      locs.map((l) => [l.range.start.line, l.range.start.character]).sort(),
      [
        [18, 11],
        [8, 50],
      ].sort(),
    );
    const noDecl: Any[] = await client.request('textDocument/references', {
      textDocument: { uri: uri('illegal.segoc') },
      position: { line: 18, character: 11 },
      context: { includeDeclaration: false },
    });
    assert.deepEqual(
      noDecl.map((l) => l.range.start.line),
      [18],
    );
  });

  test('references of a card name', async () => {
    const locs: Any[] = await client.request('textDocument/references', {
      textDocument: { uri: uri('illegal.segoc') },
      position: { line: 16, character: 13 },
      context: { includeDeclaration: false },
    });
    // "Sangan" on both board lines and in CL1, CL2.
    assert.deepEqual(locs.map((l) => l.range.start.line).sort((a, b) => a - b), [8, 9, 16, 17]);
  });

  test('document symbols: scenarios, chains, links, cards', async () => {
    const symbols: Any[] = await client.request('textDocument/documentSymbol', { textDocument: { uri: uri('illegal.segoc') } });
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind]),
      [
        ['Test Monster', 5],
        ['Kaiba first', 3],
      ],
    );
    const sc = symbols[1];
    assert.deepEqual(
      sc.children.map((c: Any) => [c.name, c.kind]),
      [
        ['chain 1', 18],
        ['chain 2', 18],
      ],
    );
    assert.deepEqual(
      sc.children[1].children.map((c: Any) => c.name),
      ['CL1 Kaiba "Sangan"', 'CL2 Yugi "Sangan"', 'CL3 Yugi peten', 'CL4 Kaiba "Peten the Dark Clown"'],
    );
    assert.equal(sc.children[1].children[0].kind, 24);
    assert.equal(symbols[0].children[0].kind, 24);
  });

  test('folding ranges: card definition, scenario, chains', async () => {
    const ranges: Any[] = await client.request('textDocument/foldingRange', { textDocument: { uri: uri('illegal.segoc') } });
    const pairs = ranges.map((r) => [r.startLine, r.endLine]);
    assert.deepEqual(pairs, [
      [0, 1],
      [3, 19],
      [12, 13],
      [15, 19],
    ]);
  });

  test('code actions: the fixes of a diagnostic, bound to it', async () => {
    const report = await pull('typos.segoc');
    const card = report.items.find((x: Any) => x.code === 'unknown-card');
    const actions: Any[] = await client.request('textDocument/codeAction', {
      textDocument: { uri: uri('typos.segoc') },
      range: card.range,
      context: { diagnostics: [card], only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.title === 'Change to "Sangan"');
    assert.ok(fix, actions.map((a) => a.title).join(' | '));
    assert.equal(fix.kind, 'quickfix');
    assert.equal(fix.isPreferred, true);
    assert.deepEqual(fix.diagnostics, [card]);
    assert.deepEqual(fix.edit.changes[uri('typos.segoc')], [{ range: card.range, newText: '"Sangan"' }]);
  });

  test('code actions: the reorder fix of segoc-order leaves other lines alone', async () => {
    const report = await pull('illegal.segoc');
    const d = report.items.find((x: Any) => x.code === 'segoc-order');
    const actions: Any[] = await client.request('textDocument/codeAction', {
      textDocument: { uri: uri('illegal.segoc') },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const fix = actions.find((a) => a.kind === 'quickfix');
    assert.ok(fix);
    const edits: Any[] = fix.edit.changes[uri('illegal.segoc')];
    assert.ok(edits.every((e) => e.range.start.line === e.range.end.line && [16, 17].includes(e.range.start.line)));
    const lines = ILLEGAL.split('\n');
    for (const e of edits) {
      const l = lines[e.range.start.line];
      lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
    }
    assert.equal(lines.join('\n'), LEGAL);
  });

  test('code actions: insert `expect` for the current verdict', async () => {
    const actions: Any[] = await client.request('textDocument/codeAction', {
      textDocument: { uri: uri('illegal.segoc') },
      range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } },
      context: { diagnostics: [] },
    });
    const insert = actions.find((a) => /^Insert `expect/.test(a.title));
    assert.ok(insert, actions.map((a) => a.title).join(' | '));
    assert.equal(insert.title, 'Insert `expect illegal segoc-order at 1` for the current verdict');
    assert.deepEqual(insert.edit.changes[uri('illegal.segoc')], [
      { range: { start: { line: 20, character: 0 }, end: { line: 20, character: 0 } }, newText: '\n  expect illegal segoc-order at 1\n' },
    ]);
    const legal: Any[] = await client.request('textDocument/codeAction', {
      textDocument: { uri: uri('legal.segoc') },
      range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } },
      context: { diagnostics: [] },
    });
    assert.ok(legal.some((a) => a.title === 'Insert `expect legal` for the current verdict'));
  });

  test('formatting: one edit with the formatted document, none when already formatted', async () => {
    const u = uri('messy.segoc');
    client.open(u, MESSY);
    const edits: Any[] = await client.request('textDocument/formatting', { textDocument: { uri: u }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, MESSY_FORMATTED);
    assert.deepEqual(edits[0].range.start, { line: 0, character: 0 });
    assert.deepEqual(edits[0].range.end, { line: 9, character: 14 });
    const u2 = uri('tidy.segoc');
    client.open(u2, MESSY_FORMATTED);
    assert.deepEqual(await client.request('textDocument/formatting', { textDocument: { uri: u2 }, options: { tabSize: 2, insertSpaces: true } }), []);
  });

  test('formatting a Markdown or wikitext page edits only its segoc blocks, as `segoc format` does', async () => {
    const format = (u: string) => client.request('textDocument/formatting', { textDocument: { uri: u }, options: { tabSize: 2, insertSpaces: true } });
    // Prose that starts with a keyword is prose: the page is left as it is.
    const prose = uri('prose.md');
    client.open(prose, 'Intro line.\nscenario outlines are useful, see the summary.\n', 1, 'markdown');
    assert.deepEqual(await format(prose), []);
    // A block inside a list item keeps its indentation and stays a code block.
    const listed = '1. Step:\n\n   ```segoc\n   scenario "a"\n     players Yugi, Kaiba\n   ```\n';
    const list = uri('list.md');
    client.open(list, listed, 1, 'markdown');
    assert.deepEqual(await format(list), []);
    // A block that needs formatting gets one edit, over its own lines, equal to the CLI's page formatter.
    const messy = '# Page\n\nSome   prose  .\n\n- Item:\n\n  ```segoc\n  scenario   "a"\n  players Yugi ,Kaiba\n  ```\n\nMore prose.\n';
    const page = uri('messy.md');
    client.open(page, messy, 1, 'markdown');
    const edits: Any[] = await format(page);
    assert.equal(edits.length, 1);
    assert.ok(edits[0].range.start.line >= 7 && edits[0].range.end.line <= 9, JSON.stringify(edits[0].range));
    assert.equal(applyEdits(messy, edits), formatPage(messy, 'markdown'));
    const wiki = uri('page.wiki');
    const wikiText = 'Text.\n<segoc>\nscenario "a"\n  players Yugi, Kaiba\n</segoc>\n';
    client.open(wiki, wikiText, 1, 'wikitext');
    assert.deepEqual(await format(wiki), []);
  });

  test('rename a player within the scenario, with prepareRename', async () => {
    const prep = await client.request('textDocument/prepareRename', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 16, character: 7 } });
    assert.deepEqual(prep, { range: { start: { line: 16, character: 6 }, end: { line: 16, character: 11 } }, placeholder: 'Kaiba' });
    const edit = await client.request('textDocument/rename', {
      textDocument: { uri: uri('illegal.segoc') },
      position: { line: 16, character: 7 },
      newName: 'Seto',
    });
    const edits: Any[] = edit.changes[uri('illegal.segoc')];
    assert.deepEqual(
      edits.map((e) => [e.range.start.line, e.range.start.character]).sort((a, b) => a[0] - b[0]),
      [
        [5, 16],
        [9, 2],
        [16, 6],
        [19, 6],
      ],
    );
    assert.ok(edits.every((e) => e.newText === 'Seto'));
    // Not renamable: a card name.
    assert.equal(await client.request('textDocument/prepareRename', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 16, character: 14 } }), null);
    const bad = await client.requestError('textDocument/rename', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 16, character: 7 }, newName: 'two words' });
    assert.match(bad.message, /not a valid player name/);
  });

  test('rename a label', async () => {
    const edit = await client.request('textDocument/rename', {
      textDocument: { uri: uri('illegal.segoc') },
      position: { line: 8, character: 52 },
      newName: 'clown',
    });
    const edits: Any[] = edit.changes[uri('illegal.segoc')];
    assert.deepEqual(edits.map((e) => e.range.start.line).sort((a, b) => a - b), [8, 18]);
  });

  test('inlay hints after each link', async () => {
    const hints: Any[] = await client.request('textDocument/inlayHint', {
      textDocument: { uri: uri('legal.segoc') },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
    });
    const byLine = new Map(hints.map((h) => [h.position.line, h]));
    assert.equal(byLine.get(13).label, 'SS1 · resolves 1st');
    assert.equal(byLine.get(16).label, 'cat 1 · SS1 · resolves 4th');
    assert.equal(byLine.get(17).label, 'cat 2 · SS1 · resolves 3rd');
    assert.equal(byLine.get(19).label, 'cat 4 · SS1 · resolves 1st');
    assert.deepEqual(byLine.get(17).position, { line: 17, character: 20 });
    const illegal: Any[] = await client.request('textDocument/inlayHint', {
      textDocument: { uri: uri('illegal.segoc') },
      range: { start: { line: 16, character: 0 }, end: { line: 16, character: 99 } },
    });
    assert.equal(illegal.length, 1);
    assert.match(illegal[0].label, /^cat 2 · SS1 · resolves 4th · ✗ segoc-order$/);
  });

  test('semantic tokens: card names, players, keywords, comments', async () => {
    const legend: string[] = init.capabilities.semanticTokensProvider.legend.tokenTypes;
    const result = await client.request('textDocument/semanticTokens/full', { textDocument: { uri: uri('illegal.segoc') } });
    const data: number[] = result.data;
    assert.equal(data.length % 5, 0);
    const tokens: Array<{ line: number; char: number; length: number; type: string }> = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
      tokens.push({ line, char, length: data[i + 2], type: legend[data[i + 3]] });
    }
    const at = (l: number, c: number) => tokens.find((t) => t.line === l && t.char === c)?.type;
    assert.equal(at(0, 0), 'keyword'); // card
    assert.equal(at(0, 5), 'type'); // "Test Monster"
    assert.equal(at(16, 4), 'number'); // 1
    assert.equal(at(16, 6), 'variable'); // Kaiba
    assert.equal(at(16, 12), 'type'); // "Sangan"
    assert.equal(at(18, 11), 'enumMember'); // peten (label)
    assert.equal(at(13, 23), 'operator'); // ->
    assert.equal(at(13, 26), 'function'); // destroy
    assert.equal(at(12, 2), 'keyword'); // chain
    assert.equal(at(8, 7), 'enumMember'); // field
  });

  test('segoc/preview returns the DTO of the scenarios and diagnostics, with core\'s labels', async () => {
    const r = await client.request('segoc/preview', { uri: uri('illegal.segoc') });
    assert.equal(r.uri, uri('illegal.segoc'));
    assert.equal(r.version, 1);
    assert.equal(r.scenarios.length, 1);
    const sc = r.scenarios[0];
    assert.equal(sc.title, 'Kaiba first');
    assert.equal(sc.verdict, 'illegal');
    assert.deepEqual(sc.players, ['Yugi', 'Kaiba']);
    assert.equal(sc.chains[1].links[0].card, 'Sangan');
    assert.deepEqual(sc.chains[1].links[0].labels, { kind: 'cat-2', role: 'trigger', categoryShort: 'NTP mandatory', categoryLong: "2 · non-turn player's mandatory" });
    assert.ok(r.diagnostics.some((d: Any) => d.code === 'segoc-order' && d.chain === 2 && d.link === 1));
    const json = JSON.stringify(r);
    assert.ok(!/"instance"|"references"/.test(json));
    assert.equal(await client.request('segoc/preview', { uri: 'file:///no/such/file.segoc' }), null);
    const err = await client.requestError('segoc/preview', { uri: 42 });
    assert.equal(err.code, -32602);
    // A file on disk that is not open is analysed too (version null).
    const onDisk = path.join(ROOT, 'samples', 'rules', 'R11-segoc-order.segoc');
    const disk = await client.request('segoc/preview', { uri: fileUri(onDisk) });
    assert.equal(disk.version, null);
    assert.ok(disk.scenarios.length >= 6);
    assert.ok(disk.scenarios.every((s: Any) => s.expectationsMet === true));
  });

  test('an unknown method is answered with an error and the server keeps working', async () => {
    const err = await client.requestError('segoc/noSuchMethod', {});
    assert.equal(err.code, -32601);
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 17, character: 11 } });
    assert.match(h.contents.value, /Sangan/);
  });

  test('positions out of range are clamped, unknown documents give empty answers', async () => {
    const h = await client.request('textDocument/hover', { textDocument: { uri: uri('illegal.segoc') }, position: { line: 9999, character: 9999 } });
    assert.equal(h, null);
    const c = await client.request('textDocument/completion', { textDocument: { uri: uri('illegal.segoc') }, position: { line: -5, character: 500 } });
    assert.ok(Array.isArray(c) || Array.isArray(c.items));
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: uri('not-open.segoc') }, position: { line: 0, character: 0 } }), null);
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri: uri('not-open.segoc') } });
    assert.deepEqual(report, { kind: 'full', items: [] });
  });

  test('a garbage document never breaks a feature', async () => {
    const u = uri('garbage.segoc');
    const garbage = '"unterminated\n《\n1 2 3 ->\nscenario\n  chain\n    1\n ,,,: ()\u0000\u2028😀 \'s\n#';
    client.open(u, garbage);
    const pos = { line: 2, character: 3 };
    const td = { uri: u };
    await client.request('textDocument/diagnostic', { textDocument: td });
    await client.request('textDocument/hover', { textDocument: td, position: pos });
    await client.request('textDocument/completion', { textDocument: td, position: pos });
    await client.request('textDocument/definition', { textDocument: td, position: pos });
    await client.request('textDocument/references', { textDocument: td, position: pos, context: { includeDeclaration: true } });
    await client.request('textDocument/documentSymbol', { textDocument: td });
    await client.request('textDocument/foldingRange', { textDocument: td });
    await client.request('textDocument/semanticTokens/full', { textDocument: td });
    await client.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } } });
    await client.request('textDocument/codeAction', { textDocument: td, range: { start: pos, end: pos }, context: { diagnostics: [] } });
    const f = await client.request('textDocument/formatting', { textDocument: td, options: { tabSize: 2, insertSpaces: true } });
    assert.ok(Array.isArray(f));
    assert.ok(applyEdits(garbage, f).includes('"unterminated'), 'nothing lost');
    await client.request('segoc/preview', { uri: u });
  });
});
