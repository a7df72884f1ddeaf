// Who can act at a point, as the language server shows it: the hover on a game action or a chain link, the preview's
// section per point, completion of the next link and the quick fix "add a legal response here" all read core's
// answer (core/responses); this file only puts it into Markdown.
import { CodeAction, CodeActionKind, CompletionItem, CompletionItemKind, MarkupKind, Range as LspRange } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, POINT_KINDS_WRITE, ANSWER_MARKS, ANSWER_WORDS, documentPoints, optionName, optionRules, optionWhy, pointAt, PointAnswer, responsesAt, ResponsesOptions } from '../core';
import { escapeMd } from './describe';

/** The answer at a point in Markdown: where it is on the Fast Effect Timing chart, who holds priority, each player's options. */
export function responsesMarkdown(a: PointAnswer): string {
  const out = [`**Who can act ${escapeMd(a.label)}**`, '', `${escapeMd(a.boxText)}${a.priority ? ` — **${escapeMd(a.priority)}** holds priority` : ''}`];
  if (a.box === 'resolving') return out.join('\n');
  for (const p of a.players) {
    out.push('', `**${escapeMd(p.player)}**${p.options.length ? '' : ': no card the scenario shows has an effect to activate'}`);
    for (const o of p.options) {
      const why = optionWhy(o);
      out.push(`- ${ANSWER_MARKS[o.answer]} ${escapeMd(optionName(o))}: ${ANSWER_WORDS[o.answer]}${why ? ` — ${escapeMd(why)}` : ''}`);
    }
  }
  return out.join('\n');
}

export const ADD_RESPONSE_KIND = CodeActionKind.QuickFix + '.segoc.addResponse';
/** How many "add a legal response here" actions a point offers (the first legal ones, in the answer's order). */
const RESPONSE_ACTIONS = 3;

/**
 * "Add a legal response here": on a game action, the scenario's start or a chain's last link, write a response
 * that can be activated there as the next link (a new chain after an action or a resolved chain).
 */
export function responseActions(analysis: Analysis, doc: TextDocument, line: number, options: ResponsesOptions): CodeAction[] {
  const lines = doc.getText().split(/\r?\n/);
  const point = pointAt(analysis, lines, { line, character: 0 });
  if (!point || point.kind === 'resolving') return [];
  const sc = analysis.file.scenarios[point.scenario - 1];
  // After a link, only the chain's last one: a link written in the middle would renumber the rest.
  if (point.kind === 'link') {
    const block = sc.items.find((i) => i.kind === 'chain' && i.range.start.line <= point.afterLine && point.afterLine <= i.range.end.line);
    const links = block?.kind === 'chain' ? block.links : [];
    if (links[links.length - 1]?.range.end.line !== point.afterLine) return [];
  }
  const answer = responsesAt(analysis, lines, point, options);
  const legal = answer.players.flatMap((p) => p.options).filter((o) => o.answer === 'yes').slice(0, RESPONSE_ACTIONS);
  const itemIndent = /^\s*/.exec(lines[sc.items[0]?.range.start.line ?? point.afterLine] ?? '')![0];
  const linkIndent = point.kind === 'link' ? /^\s*/.exec(lines[point.range.start.line] ?? '')![0] : `${itemIndent}  `;
  const at = { line: point.afterLine, character: (lines[point.afterLine] ?? '').length };
  return legal.map((o) => ({
    title: `Add a legal response here: ${answer.nextLink} ${o.link} (${optionName(o)})`,
    kind: ADD_RESPONSE_KIND,
    edit: { changes: { [doc.uri]: [{ range: { start: at, end: at }, newText: `${point.kind === 'link' ? '' : `\n${itemIndent}chain`}\n${linkIndent}${answer.nextLink} ${o.link}` }] } },
  }));
}

const SORT: Readonly<Record<string, string>> = { yes: '0', unknown: '1', 'if-assumed': '2', no: '3' };

/**
 * Completion of the next chain link, after its number (`    3 |`): every effect of every card shown, the ones that
 * can be activated there first with why as their detail, the others after, marked with why not.
 */
export function responseCompletions(analysis: Analysis, lines: readonly string[], line: number, replace: LspRange, options: ResponsesOptions): CompletionItem[] {
  // The scenario the line is in, or ends before (a link being typed is not yet part of it).
  let sIndex = -1;
  analysis.file.scenarios.forEach((s, i) => {
    if (s.range.start.line <= line) sIndex = i;
  });
  if (sIndex < 0) return [];
  const before = documentPoints(analysis, lines).filter((p) => p.scenario === sIndex + 1 && p.afterLine < line && p.kind !== 'resolving');
  const last = before[before.length - 1];
  if (!last) return [];
  // A `chain` line between the last point and this line starts a new chain (a point a new chain is written at);
  // otherwise the link continues the chain of the last link.
  const newChain = lines.slice(last.afterLine + 1, line).some((l) => /^\s*chain\s*$/i.test(l));
  const point = [...before].reverse().find((p) => p.afterLine === last.afterLine && (POINT_KINDS_WRITE[p.kind] === 'new-chain') === newChain);
  if (!point) return [];
  const answer = responsesAt(analysis, lines, point, options);
  const out: CompletionItem[] = [];
  let i = 0;
  for (const p of answer.players) {
    for (const o of p.options) {
      const why = optionWhy(o);
      out.push({
        label: o.link,
        kind: CompletionItemKind.Event,
        detail: `${ANSWER_MARKS[o.answer]} ${o.answer === 'no' ? `cannot: ${optionRules(o).join(', ')}` : ANSWER_WORDS[o.answer]}`,
        documentation: { kind: MarkupKind.Markdown, value: `${escapeMd(optionName(o))} ${answer.label}: ${ANSWER_WORDS[o.answer]}${why ? `\n\n${escapeMd(why)}` : ''}` },
        sortText: `${SORT[o.answer]}${String(i++).padStart(3, '0')}`,
        filterText: o.link,
        textEdit: { range: replace, newText: o.link },
      });
    }
  }
  return out;
}
