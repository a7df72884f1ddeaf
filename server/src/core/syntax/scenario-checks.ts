// Checks of a whole scenario's text that no single line can make: header lines given twice or after
// the scenario has started, expectations that repeat or contradict each other, labels spelled like a
// player. Each would otherwise be a silent choice (the last `turn` line used to decide the verdict).
import { Diagnostic } from '../diagnostics';
import { ExpectStmt, HeaderStmt, Scenario } from './ast';

/** The header lines that decide a verdict: one each, before the first board, action or chain line. */
const DECIDING_HEADERS = new Set(['players', 'turn', 'rules']);

export function checkScenario(sc: Scenario, diagnostics: Diagnostic[]): void {
  checkHeaders(sc, diagnostics);
  checkExpectations(sc, diagnostics);
  checkLabels(sc, diagnostics);
}

function checkHeaders(sc: Scenario, diagnostics: Diagnostic[]): void {
  const seen = new Map<string, HeaderStmt>();
  /** The first line after which the scenario has started (a `phase` line before it is the start phase, a header line). */
  let started: Scenario['items'][number] | undefined;
  for (const item of sc.items) {
    if (!started && (item.kind === 'board' || item.kind === 'chain' || (item.kind === 'action' && item.action.kind !== 'phase'))) started = item;
    if (!DECIDING_HEADERS.has(item.kind)) continue;
    const header = item as HeaderStmt;
    const first = seen.get(header.kind);
    if (first) {
      diagnostics.push({
        code: 'duplicate-header',
        severity: 'error',
        message: `a second \`${header.kind}\` line: a scenario states it once, at the top (the first one is used)`,
        range: header.range,
        related: [{ range: first.range, message: `the first \`${header.kind}\` line` }],
      });
      continue;
    }
    seen.set(header.kind, header);
    if (started) {
      diagnostics.push({
        code: 'late-header',
        severity: 'error',
        message: `a \`${header.kind}\` line after the scenario's first board, action or chain line: it would apply to the whole scenario, so it goes at the top, with the other header lines`,
        range: header.range,
        related: [{ range: started.range, message: 'the scenario starts here' }],
      });
    }
  }
}

function checkExpectations(sc: Scenario, diagnostics: Diagnostic[]): void {
  const expects = sc.items.filter((x): x is ExpectStmt => x.kind === 'expect');
  const illegal = expects.find((e) => !e.legal);
  expects.forEach((e, i) => {
    const earlier = expects.slice(0, i).find((x) => sameExpectation(x, e));
    if (earlier) {
      diagnostics.push({
        code: 'duplicate-expect',
        severity: 'error',
        message: 'this expectation is already stated: write it once',
        range: e.range,
        related: [{ range: earlier.range, message: 'the same expectation' }],
      });
    } else if (e.legal && illegal) {
      diagnostics.push({
        code: 'conflicting-expect',
        severity: 'error',
        message: `\`expect legal\` contradicts \`${expectText(illegal)}\`: a scenario is legal, or shows a mistake; keep the line that states what the example shows`,
        range: e.range,
        related: [{ range: illegal.range, message: 'the contradicting expectation' }],
      });
    }
  });
}

function sameExpectation(a: ExpectStmt, b: ExpectStmt): boolean {
  if (a.legal || b.legal) return a.legal === b.legal;
  return a.code.text === b.code.text && a.link?.value === b.link?.value && a.chain?.value === b.chain?.value;
}

function expectText(e: ExpectStmt): string {
  return e.legal ? 'expect legal' : `expect illegal ${e.code.text}${e.link ? ` at ${e.link.value}` : ''}${e.chain ? ` in chain ${e.chain.value}` : ''}`;
}

/** A label spelled like a player would read as the player wherever both may stand (`target Kaiba`). */
function checkLabels(sc: Scenario, diagnostics: Diagnostic[]): void {
  const players = new Set<string>();
  for (const item of sc.items) {
    if (item.kind === 'players') for (const p of item.players ?? []) players.add(p.text.toLowerCase());
    if (item.kind === 'board') players.add(item.player.text.toLowerCase());
  }
  for (const item of sc.items) {
    if (item.kind !== 'board') continue;
    for (const bc of item.cards) {
      if (bc.label && players.has(bc.label.text.toLowerCase())) {
        diagnostics.push({
          code: 'syntax',
          severity: 'error',
          message: `\`${bc.label.text}\` is a player's name and cannot be a label; choose another name`,
          range: bc.label.range,
        });
      }
    }
  }
}
