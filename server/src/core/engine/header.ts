// The scenario's header: players, turn player, ruleset and source. Problems with it are language
// errors (the rules are still checked, with what the header is assumed to say).
import { Diagnostic } from '../diagnostics';
import { Scenario } from '../syntax/ast';
import { LogicalLine } from '../syntax/lexer';
import { Range } from '../text';
import { scenarioPlayers } from './resolve-names';
import { readDate, Ruleset } from './rulesets';
import { PlayerIndex } from './state';

export interface Header {
  players: [string, string];
  turn: PlayerIndex;
  ruleset: Ruleset;
  source?: string;
}

/** Reads the header lines; language errors go to `errors`. */
export function readHeader(sc: Scenario, defaultRuleset: { region: 'tcg' | 'ocg'; asOf?: string }, errors: Diagnostic[]): Header {
  let players: [string, string] = ['Yugi', 'Kaiba'];
  let turnPlayer: PlayerIndex = 0;
  let source: string | undefined;
  const { players: named, turn } = scenarioPlayers(sc);
  // A `players` line that does not name two players is reported by the parser; its names still count.
  if (named && named.length >= 2) players = [named[0].text, named[1].text];
  else {
    // Infer from the first names used; say so.
    const seen: string[] = named?.map((p) => p.text) ?? [];
    for (const item of sc.items) {
      const name = item.kind === 'board' ? item.player.text : item.kind === 'chain' ? item.links[0]?.player.text : undefined;
      if (name && !seen.includes(name)) seen.push(name);
    }
    if (seen.length >= 2) players = [seen[0], seen[1]];
    else if (seen.length === 1) players = [seen[0], seen[0] === 'Kaiba' ? 'Yugi' : 'Kaiba'];
    if (!named) {
      errors.push({
        code: 'missing-players',
        severity: 'warning',
        message: `this scenario has no \`players\` line; assumed \`players ${players[0]}, ${players[1]}\``,
        range: sc.headerRange,
      });
    }
  }
  let region = defaultRuleset.region;
  let asOf = defaultRuleset.asOf;
  let rulesLine = false;
  for (const item of sc.items) {
    // The first `rules` line applies (a second one is an error the parser reports).
    if (item.kind === 'rules' && item.ruleset && !rulesLine) {
      rulesLine = true;
      region = item.ruleset.text as 'tcg' | 'ocg';
      asOf = undefined;
      if (item.asOf) {
        const date = readDate(item.asOf.text);
        if ('date' in date) asOf = date.date;
        else errors.push({ code: 'bad-date', severity: 'error', message: date.problem, range: item.asOf.range });
      }
    }
    if (item.kind === 'source') source = item.source?.text;
  }
  const label = `${region.toUpperCase()}${asOf ? ` as of ${asOf}` : ' (current rules)'}`;
  const ruleset: Ruleset = { region, asOf, label };
  if (!turn) {
    // The turn player decides SEGOC order: a default that decides verdicts is said aloud.
    errors.push({
      code: 'missing-turn',
      severity: 'warning',
      message: `this scenario has no \`turn\` line; ${players[0]} (the first player) is taken as the turn player: write \`turn ${players[0]}\``,
      range: sc.headerRange,
      // A player without a name (`players "", Kaiba`) gets no fix: `turn ` would not name it. After a `players`
      // line that names fewer than two players no fix until that line is right; after one that ends in a comma
      // (continued on the next line) the `turn` line goes before it, or it would join it.
      fix:
        named && named.length < 2
          ? undefined
          : players.filter((p) => p.trim()).map((p, k) => ({ title: `Add \`turn ${p}\``, edits: [turnLineEdit(sc.items.find((x) => x.kind === 'players')?.line ?? sc.line, p)], preferred: k === 0 })),
    });
  } else {
    const i = players.findIndex((p) => p.toLowerCase() === turn.text.toLowerCase());
    if (i >= 0) turnPlayer = i as PlayerIndex;
    else {
      errors.push({
        code: 'unknown-player',
        severity: 'error',
        message: `unknown turn player \`${turn.text}\`: the players are ${players[0]} and ${players[1]}`,
        range: turn.range,
      });
    }
  }
  return { players, turn: turnPlayer, ruleset, source };
}

/**
 * The `turn` line, inserted after the `players` line; before it when that line ends with a comma (the line
 * would continue onto the inserted one, which would then be no `turn` line).
 */
function turnLineEdit(after: LogicalLine, player: string): { range: Range; newText: string } {
  const last = after.tokens[after.tokens.length - 1];
  if (last?.kind === 'punct' && last.text === ',') {
    const start = { line: after.range.start.line, character: 0 };
    return { range: { start, end: start }, newText: `  turn ${player}\n` };
  }
  return { range: afterLine(after), newText: `\n  turn ${player}` };
}

/** An empty range at the end of a line, after its comment if it has one (an inserted line then takes no comment with it). */
function afterLine(line: LogicalLine): Range {
  const end = line.comments.reduce((e, c) => (c.range.end.line > e.line || (c.range.end.line === e.line && c.range.end.character > e.character) ? c.range.end : e), line.range.end);
  return { start: end, end };
}
