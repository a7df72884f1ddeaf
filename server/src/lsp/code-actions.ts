// Code actions: the quick fixes that core attaches to its diagnostics (translated as they are),
// "Insert `expect ...` for the current verdict" on a scenario that has no `expect` line, and "Write
// the effect lines inferred from the text" on a card definition with `text` and no effect lines, and "Add a legal
// response here" on a game action or a chain's last link (who can act, lsp/responses.ts).
import { CodeAction, CodeActionKind, CodeActionParams, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, CardDef, Diagnostic, isRuleCode, QuickFix, quoteName, readCardText, ResponsesOptions, Scenario, ScenarioResult } from '../core';
import { ADD_RESPONSE_KIND, responseActions } from './responses';
import { lineAt, toDiagnostic, toRange } from './convert';
import { sameRange } from './query';

export const INSERT_EXPECT_KIND = CodeActionKind.Refactor + '.segoc.insertExpect';
export const WRITE_INFERRED_KIND = CodeActionKind.QuickFix + '.segoc.writeInferredLines';

/** `responses`: the defaults who can act runs with ("Add a legal response here", on a game action or a chain's last link). */
export function codeActions(analysis: Analysis, doc: TextDocument, params: CodeActionParams, responses: ResponsesOptions = {}): CodeAction[] {
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((o) => kind === o || kind.startsWith(o + '.'));
  const out: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix)) {
    for (const d of params.context.diagnostics ?? []) {
      for (const fix of fixesOf(d, analysis)) {
        out.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          isPreferred: fix.preferred === true,
          edit: { changes: { [doc.uri]: fix.edits.map((e) => ({ range: toRange(e.range), newText: e.newText })) } },
        });
      }
    }
    // Diagnostics the client did not send (e.g. a request for the whole line): fixes on the range.
    if (!params.context.diagnostics?.length) {
      for (const d of analysis.diagnostics) {
        if (!d.fix?.length || !overlaps(d, params.range)) continue;
        const lsp = toDiagnostic(d, doc.uri);
        for (const fix of d.fix) {
          out.push({
            title: fix.title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [lsp],
            isPreferred: fix.preferred === true,
            edit: { changes: { [doc.uri]: fix.edits.map((e) => ({ range: toRange(e.range), newText: e.newText })) } },
          });
        }
      }
    }
  }
  if (wants(WRITE_INFERRED_KIND)) {
    for (const def of analysis.file.cards) {
      if (def.range.start.line > params.range.end.line || def.range.end.line < params.range.start.line) continue;
      const action = writeInferredLines(def, doc);
      if (action) out.push(action);
    }
  }
  // On one line only (a cursor or a line's selection): who can act is worked out for that point.
  if (wants(ADD_RESPONSE_KIND) && params.range.start.line === params.range.end.line) out.push(...responseActions(analysis, doc, params.range.start.line, responses));
  if (wants(INSERT_EXPECT_KIND)) {
    analysis.file.scenarios.forEach((sc, i) => {
      const result = analysis.scenarios[i];
      if (!result || sc.range.start.line > params.range.end.line || sc.range.end.line < params.range.start.line) return;
      const action = insertExpect(sc, result, doc);
      if (action) out.push(action);
    });
  }
  return out;
}

/**
 * The fixes of a diagnostic the editor sends back: those of the diagnostic with the same code, range and
 * message in the document's current analysis (so a fix is never made for an older version of the text).
 */
function fixesOf(d: LspDiagnostic, analysis: Analysis): QuickFix[] {
  const same = analysis.diagnostics.find((x) => x.code === d.code && x.message === d.message && sameRange(x.range, d.range));
  return same?.fix ?? [];
}

function overlaps(d: Diagnostic, r: { start: { line: number }; end: { line: number } }): boolean {
  return d.range.start.line <= r.end.line && d.range.end.line >= r.start.line;
}

/** `expect legal` or one `expect illegal CODE at N [in chain K]` line per rule error of the scenario. */
export function expectLinesFor(result: ScenarioResult): string[] | undefined {
  if (result.verdict === 'invalid') return undefined;
  const errors = result.diagnostics.filter((d) => isRuleCode(d.code) && d.severity === 'error' && d.link !== undefined);
  if (errors.length === 0) return result.verdict === 'legal' ? ['expect legal'] : undefined;
  const last = result.chains.length;
  const lines: string[] = [];
  for (const d of errors) {
    const chain = d.chain ?? last;
    const line = `expect illegal ${d.code} at ${d.link}${chain !== last ? ` in chain ${chain}` : ''}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

function insertExpect(sc: Scenario, result: ScenarioResult, doc: TextDocument): CodeAction | undefined {
  if (sc.items.some((x) => x.kind === 'expect')) return undefined;
  const lines = expectLinesFor(result);
  if (!lines) return undefined;
  const firstItem = sc.items[0];
  const indent = firstItem ? /^[ \t]*/.exec(lineAt(doc, firstItem.range.start.line))![0] : '  ';
  const lastLine = sc.range.end.line;
  const body = lines.map((l) => indent + l);
  let edit;
  if (lastLine + 1 < doc.lineCount) {
    edit = { range: { start: { line: lastLine + 1, character: 0 }, end: { line: lastLine + 1, character: 0 } }, newText: ['', ...body, ''].join('\n') };
  } else {
    const end = { line: lastLine, character: lineAt(doc, lastLine).length };
    edit = { range: { start: end, end }, newText: ['', '', ...body].join('\n') };
  }
  return {
    title: lines.length === 1 ? `Insert \`${lines[0]}\` for the current verdict` : `Insert ${lines.length} \`expect illegal\` lines for the current verdict`,
    kind: INSERT_EXPECT_KIND,
    edit: { changes: { [doc.uri]: [edit] } },
  };
}

/** "Write the effect lines inferred from the text": a definition with `text` and no effect lines gets them written, to correct. */
function writeInferredLines(def: CardDef, doc: TextDocument): CodeAction | undefined {
  if (def.effects.length > 0) return undefined;
  const reading = readCardText(def);
  const lines = reading?.rendered.filter((r) => r.line).map((r) => `  ${r.line}`) ?? [];
  if (lines.length === 0) return undefined;
  const end = def.range.end.line;
  const at = { line: end, character: lineAt(doc, end).length };
  return {
    title: `Write the ${lines.length} effect line${lines.length === 1 ? '' : 's'} inferred from the text of ${quoteName(def.name.text)}`,
    kind: WRITE_INFERRED_KIND,
    edit: { changes: { [doc.uri]: [{ range: { start: at, end: at }, newText: `\n${lines.join('\n')}` }] } },
  };
}
