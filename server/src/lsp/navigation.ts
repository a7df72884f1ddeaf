// Definition, references, document symbols, folding ranges and rename.
// Card names lead to their `card` definition (this file, a workspace file, or a read-only library
// document `segoc-library:/library/<file>.segoc`); labels to their board line; players to the
// `players` line.
import {
  DocumentSymbol,
  FoldingRange,
  FoldingRangeKind,
  Location,
  ResponseError,
  ErrorCodes,
  SymbolInformation,
  SymbolKind,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver/node';
import { Analysis, CardInfo, containsPosition, normalizeName, Position, quoteName, Range, Scenario } from '../core';
import { toRange } from './convert';
import { AnalysisReference, cardDefNameAt, playerNodes, referenceAt, sameRange } from './query';
import { canonicalUri, libraryUri, resolveUseUri } from './uri';
import { WorkspaceIndex } from './workspace';

export interface NavContext {
  /** The document's URI as the client spells it. */
  docUri: string;
  workspace: WorkspaceIndex;
  /** The client's URI of an open document with this canonical URI, if open. */
  openUri: (canonical: string) => string | undefined;
}

/** Where a card is defined. */
export function cardLocation(card: CardInfo, analysis: Analysis, ctx: NavContext): Location | undefined {
  const o = card.origin;
  if (o.kind === 'file' || (o.uri && o.uri === analysis.uri)) {
    const def = analysis.file.cards.find((d) => matchesCard(d.name.text, d.aliases.map((a) => a.name.text), card));
    return { uri: ctx.docUri, range: toRange(def?.name.range ?? o.range) };
  }
  if (o.kind === 'library') {
    if (!o.uri) return undefined;
    return { uri: libraryUri(o.uri), range: toRange(o.range) };
  }
  if (!o.uri) return undefined;
  const def = ctx.workspace.definitionIn(o.uri, (d) => matchesCard(d.name.text, d.aliases.map((a) => a.name.text), card));
  return { uri: ctx.openUri(canonicalUri(o.uri)) ?? o.uri, range: toRange(def?.name.range ?? o.range) };
}

function matchesCard(name: string, aliases: string[], card: CardInfo): boolean {
  return normalizeName(name) === card.key || aliases.some((a) => normalizeName(a) === card.key);
}

export function definition(analysis: Analysis, p: Position, ctx: NavContext): Location[] {
  const ref = referenceAt(analysis, p);
  if (ref) {
    if (ref.kind === 'card') {
      const card = ref.cardName ? analysis.cards.get(ref.cardName) : undefined;
      const loc = card ? cardLocation(card, analysis, ctx) : undefined;
      return loc ? [loc] : [];
    }
    if (ref.kind === 'label') {
      const def = analysis.references.find((r) => r.kind === 'label' && r.definition && r.scenario === ref.scenario && sameLabel(r, ref));
      return def ? [{ uri: ctx.docUri, range: toRange(def.range) }] : [];
    }
    if (ref.kind === 'player') {
      const sc = analysis.file.scenarios[ref.scenario - 1];
      const node = sc ? playerNodes(sc).players.find((n) => n.text.toLowerCase() === (ref.player ?? '').toLowerCase()) : undefined;
      return node ? [{ uri: ctx.docUri, range: toRange(node.range) }] : [];
    }
  }
  const def = cardDefNameAt(analysis, p);
  if (def) {
    const card = analysis.cards.get(def.name.text);
    // The definition in this file is itself; if another layer wins (it cannot: the file is on top), show it.
    return [{ uri: ctx.docUri, range: toRange(def.name.range) }, ...(card && card.origin.kind !== 'file' ? [cardLocation(card, analysis, ctx)!].filter(Boolean) : [])];
  }
  for (const u of analysis.file.uses) {
    if (!containsPosition(u.path.range, p)) continue;
    const uri = resolveUseUri(ctx.docUri, u.path.text);
    if (!uri) return [];
    return [{ uri: ctx.openUri(canonicalUri(uri)) ?? uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
  }
  return [];
}

function sameLabel(a: AnalysisReference, b: AnalysisReference): boolean {
  if (a.instance && b.instance) return a.instance === b.instance;
  return (a.label ?? '').toLowerCase() === (b.label ?? '').toLowerCase();
}

/** Every occurrence of the thing at the position, in this document. */
export function references(analysis: Analysis, p: Position, includeDeclaration: boolean, ctx: NavContext): Location[] {
  const ranges = occurrences(analysis, p, includeDeclaration);
  if (!ranges) return [];
  const out: Location[] = ranges.ranges.map((r) => ({ uri: ctx.docUri, range: toRange(r) }));
  if (includeDeclaration && ranges.card && ranges.card.origin.kind !== 'file') {
    const loc = cardLocation(ranges.card, analysis, ctx);
    if (loc) out.unshift(loc);
  }
  return out;
}

interface Occurrences {
  kind: 'card' | 'label' | 'player';
  ranges: Range[];
  card?: CardInfo;
  /** The range at the position. */
  at: Range;
  scenario?: number;
}

function occurrences(analysis: Analysis, p: Position, includeDeclaration: boolean): Occurrences | undefined {
  const ref = referenceAt(analysis, p);
  const def = ref ? undefined : cardDefNameAt(analysis, p);
  if (!ref && !def) return undefined;
  const out: Range[] = [];
  // Ranges seen, by position: linear in the number of occurrences (a list search was quadratic).
  const seen = new Set<string>();
  const add = (r: Range) => {
    const key = `${r.start.line}:${r.start.character}:${r.end.line}:${r.end.character}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(r);
  };
  if (def || ref?.kind === 'card') {
    const card = def ? analysis.cards.get(def.name.text) : ref?.cardName ? analysis.cards.get(ref.cardName) : undefined;
    const key = card?.key ?? normalizeName(def?.name.text ?? ref?.cardName ?? '');
    if (includeDeclaration) {
      for (const d of analysis.file.cards) if (matchesKey(d.name.text, d.aliases.map((a) => a.name.text), key, card)) add(d.name.range);
    }
    for (const r of analysis.references) if (r.kind === 'card' && (r.cardKey ?? normalizeName(r.cardName ?? '')) === key) add(r.range);
    return { kind: 'card', ranges: out, card, at: def?.name.range ?? ref!.range };
  }
  if (ref!.kind === 'label') {
    for (const r of analysis.references) {
      if (r.kind !== 'label' || r.scenario !== ref!.scenario || !sameLabel(r, ref!)) continue;
      if (r.definition && !includeDeclaration) continue;
      add(r.range);
    }
    return { kind: 'label', ranges: out, at: ref!.range, scenario: ref!.scenario };
  }
  // Players: references of the scenario, plus its `players` and `turn` lines.
  const name = (ref!.player ?? '').toLowerCase();
  const sc = analysis.file.scenarios[ref!.scenario - 1];
  const nodes = sc ? playerNodes(sc) : { players: [] };
  const decl = nodes.players.find((n) => n.text.toLowerCase() === name);
  if (decl && includeDeclaration) add(decl.range);
  for (const r of analysis.references) {
    if (r.kind !== 'player' || r.scenario !== ref!.scenario || (r.player ?? '').toLowerCase() !== name) continue;
    if (decl && sameRange(decl.range, r.range) && !includeDeclaration) continue;
    add(r.range);
  }
  if (nodes.turn && nodes.turn.text.toLowerCase() === name) add(nodes.turn.range);
  out.sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
  return { kind: 'player', ranges: out, at: ref!.range, scenario: ref!.scenario };
}

function matchesKey(name: string, aliases: string[], key: string, card?: CardInfo): boolean {
  if (card) return matchesCard(name, aliases, card);
  return normalizeName(name) === key;
}

const NAME_RE = /^\p{L}[\p{L}\p{N}_-]*$/u;
const RESERVED = new Set([
  'scenario', 'card', 'use', 'source', 'rules', 'players', 'turn', 'phase', 'chain', 'expect', 'battle', 'end',
  'and', 'then', 'as', 'set', 'none', 'nothing', 'all', 'target', 'targets', 'cost', 'from', 'to', 'effect', 'with',
  'face-down', 'face-up', 'tributing', 'empty', 'trigger', 'quick', 'ignition', 'continuous', 'flip', 'responds', 'activation', 'alias',
  'using', 'by',
]);

/** The range and current text of a renamable label or player at the position. */
export function prepareRename(analysis: Analysis, p: Position): { range: Range; placeholder: string } | null {
  const ref = referenceAt(analysis, p);
  if (!ref || (ref.kind !== 'label' && ref.kind !== 'player')) return null;
  return { range: ref.range, placeholder: ref.kind === 'label' ? ref.label ?? '' : ref.player ?? '' };
}

export function rename(analysis: Analysis, p: Position, newName: string, ctx: NavContext): WorkspaceEdit | ResponseError<void> | null {
  const ref = referenceAt(analysis, p);
  if (!ref || (ref.kind !== 'label' && ref.kind !== 'player')) {
    return new ResponseError(ErrorCodes.InvalidRequest, 'only labels and players can be renamed');
  }
  const name = newName.trim();
  if (!NAME_RE.test(name)) {
    return new ResponseError(ErrorCodes.InvalidParams, `\`${newName}\` is not a valid ${ref.kind} name (letters, digits, - and _, starting with a letter)`);
  }
  if (RESERVED.has(name.toLowerCase())) return new ResponseError(ErrorCodes.InvalidParams, `\`${name}\` is a keyword of the language`);
  const occ = occurrences(analysis, p, true);
  if (!occ) return null;
  if (ref.kind === 'player') {
    const sc = analysis.file.scenarios[ref.scenario - 1];
    const others = sc ? playerNodes(sc).players.filter((n) => n.text.toLowerCase() !== (ref.player ?? '').toLowerCase()) : [];
    if (others.some((o) => o.text.toLowerCase() === name.toLowerCase())) {
      return new ResponseError(ErrorCodes.InvalidParams, `the other player is already called ${name}`);
    }
  } else {
    const clash = analysis.references.some(
      (r) => r.kind === 'label' && r.scenario === ref.scenario && r.definition && (r.label ?? '').toLowerCase() === name.toLowerCase() && !sameLabel(r, ref),
    );
    if (clash) return new ResponseError(ErrorCodes.InvalidParams, `the label ${name} is already given to another copy`);
  }
  const edits: TextEdit[] = occ.ranges.map((r) => ({ range: toRange(r), newText: name }));
  return { changes: { [ctx.docUri]: edits } };
}

/** Scenarios → chains → links; cards → effects. */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const file = analysis.file;
  file.scenarios.forEach((sc, i) => out.push(scenarioSymbol(analysis, sc, i)));
  for (const card of file.cards) {
    const children: DocumentSymbol[] = card.effects.map((e, k) => ({
      name: e.line.tokens.map((t) => (t.kind === 'string' ? `"${t.text}"` : t.text)).join(' ').replace(/ ,/g, ',') || `effect ${k + 1}`,
      kind: SymbolKind.Event,
      range: toRange(e.range),
      selectionRange: toRange(e.line.tokens[0]?.range ?? e.range),
    }));
    out.push({
      name: card.name.text || '(unnamed card)',
      detail: card.cardType.text,
      kind: SymbolKind.Class,
      range: toRange(card.range),
      selectionRange: toRange(card.name.range),
      children,
    });
  }
  out.sort((a, b) => a.range.start.line - b.range.start.line);
  return out;
}

function scenarioSymbol(analysis: Analysis, sc: Scenario, index: number): DocumentSymbol {
  const result = analysis.scenarios[index];
  const chains: DocumentSymbol[] = [];
  let chainNo = 0;
  for (const item of sc.items) {
    if (item.kind !== 'chain') continue;
    chainNo++;
    const chainResult = result?.chains[chainNo - 1];
    const links: DocumentSymbol[] = item.links.map((l) => {
      const lr = chainResult?.links.find((x) => sameRange(x.range, l.range));
      const card = l.card.kind === 'label' ? l.card.label : `${l.card.owner ? `${l.card.owner.text}'s ` : ''}${quoteName(l.card.name)}`;
      return {
        name: `CL${l.number.value} ${l.player.text} ${card}`,
        detail: lr ? (lr.legal ? lr.categoryLabel ?? lr.role : `✗ ${lr.codes.join(', ')}`) : undefined,
        kind: SymbolKind.Event,
        range: toRange(l.range),
        selectionRange: toRange(l.number.range),
      };
    });
    chains.push({
      name: `chain ${chainNo}`,
      detail: chainResult ? (chainResult.legal ? 'legal' : 'illegal') : undefined,
      kind: SymbolKind.Array,
      range: toRange(item.range),
      selectionRange: toRange(item.keywordRange),
      children: links,
    });
  }
  return {
    name: sc.title.text || '(untitled scenario)',
    detail: result ? result.verdict : undefined,
    kind: SymbolKind.Namespace,
    range: toRange(sc.range),
    selectionRange: toRange(sc.title.range),
    children: chains,
  };
}

/** Flat symbols for clients without hierarchical document symbols. */
export function flatSymbols(symbols: DocumentSymbol[], uri: string, container?: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const s of symbols) {
    out.push({ name: s.name, kind: s.kind, location: { uri, range: s.range }, containerName: container });
    if (s.children) out.push(...flatSymbols(s.children, uri, s.name));
  }
  return out;
}

export function foldingRanges(analysis: Analysis): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (start: number, end: number, kind?: FoldingRangeKind) => {
    if (end > start) out.push({ startLine: start, endLine: end, kind });
  };
  for (const sc of analysis.file.scenarios) {
    add(sc.range.start.line, sc.range.end.line);
    for (const item of sc.items) if (item.kind === 'chain') add(item.range.start.line, item.range.end.line);
  }
  for (const c of analysis.file.cards) add(c.range.start.line, c.range.end.line);
  // Blocks of full-line comments.
  const lines = analysis.file.comments.map((c) => c.range.start.line).sort((a, b) => a - b);
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++;
    add(lines[i], lines[j], FoldingRangeKind.Comment);
    i = j + 1;
  }
  return out.sort((a, b) => a.startLine - b.startLine);
}
