// Name resolution for one scenario: players, labels and card references become card copies.
// Copies the board never placed are created where the first action that uses them implies
// (hand for a summon, deck for a search, GY for a revival target), so that the engine can tell
// where every card was when triggers were collected.
import { Diagnostic, notQuotedMessage, quoteFix } from '../diagnostics';
import { CardIndex } from '../cards';
import { normalizeName } from '../cards/model';
import type { CardInfo } from '../cards/model';
import { CardRef, Named, Scenario, Zone } from '../syntax/ast';
import { Range } from '../text';
import { CardInstance, PlayerIndex } from './state';
import { quoteName } from '../syntax/quote';

export interface Reference {
  kind: 'card' | 'player' | 'label';
  range: Range;
  /** Card name (library spelling) for card references. */
  cardName?: string;
  cardKey?: string;
  instance?: CardInstance;
  player?: string;
  label?: string;
  /** True where the reference defines the copy (a board line). */
  definition?: boolean;
  /** The 1-based index of the scenario the reference is in. */
  scenario: number;
}

export interface ResolveContext {
  /** The player whose card this must be (the activating player's own card). */
  player?: PlayerIndex;
  /** Prefer this player's copy when the name is shared. */
  prefer?: PlayerIndex;
  /** Why `prefer` is that player, in words, when it is a default (said when both players have the card); none when the card's text says whose. */
  preferWhy?: string;
  /** Where an unplaced copy is assumed to have been. */
  implied: Zone;
  /** The action creates what it names (a Special Summon): a labelled Token there is a new copy. */
  creates?: boolean;
  /** Copies already named in the same list (so `"X", Kaiba's "X"` picks the other one). */
  exclude?: Set<CardInstance>;
  /** Copies that should win a tie (a link's targets, for its `->` actions). */
  preferred?: CardInstance[];
}

/** How many unknown card names of a file get a "did you mean" (the first ones). */
export const SUGGESTIONS_PER_FILE = 50;

export class NameResolver {
  readonly instances: CardInstance[] = [];
  readonly references: Reference[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private readonly labels = new Map<string, CardInstance>();
  /** Copies that a player takes control of in the timeline (an opponent's monster revived by them). */
  private readonly claimed = new Map<CardInstance, PlayerIndex>();

  /** Records that `player` will control this copy (e.g. after Special Summoning it from the opponent's GY). */
  claim(inst: CardInstance, player: PlayerIndex): void {
    this.claimed.set(inst, player);
  }
  private nextId = 1;

  /** The players' names in lower case, compared once per reference (names are case-insensitive). */
  private readonly lowerPlayers: [string, string];

  constructor(
    readonly cards: CardIndex,
    readonly players: [string, string],
    readonly turnPlayer: PlayerIndex,
    /** The 1-based index of the scenario, stamped on every reference. */
    readonly scenario: number,
  ) {
    this.lowerPlayers = [players[0].toLowerCase(), players[1].toLowerCase()];
  }

  /** The player index of a name, with an error and a suggestion when unknown. */
  player(n: Named, report = true): PlayerIndex | undefined {
    const lower = n.text.toLowerCase();
    const i: PlayerIndex | undefined = lower === this.lowerPlayers[0] ? 0 : lower === this.lowerPlayers[1] ? 1 : undefined;
    if (i !== undefined) {
      this.references.push({ kind: 'player', range: n.range, player: this.players[i], scenario: this.scenario });
      return i;
    }
    if (report) {
      this.diagnostics.push({
        code: 'unknown-player',
        severity: 'error',
        message: `unknown player \`${n.text}\`: the players are ${this.players[0]} and ${this.players[1]}`,
        range: n.range,
        fix: this.players.map((p) => ({ title: `Change to ${p}`, edits: [{ range: n.range, newText: p }] })),
      });
    }
    return undefined;
  }

  /** A card's name written without its quotes (a board line, or a link's `1 Yugi Sangan`). */
  private reportNotQuoted(label: string, range: Range): void {
    this.diagnostics.push({ code: 'syntax', severity: 'error', message: notQuotedMessage(label), range, fix: [quoteFix(label, range)] });
  }

  /** Places a copy from a board line. */
  place(ref: CardRef, owner: PlayerIndex, zone: Zone, faceDown: boolean, label: Named | undefined, range: Range, pendulumZone = false): CardInstance | undefined {
    if (ref.kind === 'label') {
      this.reportNotQuoted(ref.label, ref.range);
      return undefined;
    }
    const info = this.cards.get(ref.name) ?? (isTokenName(ref.name) ? undefined : this.lookupCard(ref.name, ref.nameRange));
    const inst: CardInstance = {
      id: this.nextId++,
      name: info?.name ?? ref.name,
      card: info,
      owner,
      controller: owner,
      zone,
      faceDown,
      label: undefined,
      placedAt: range,
      implied: false,
      summonNegated: false,
      pendulumZone,
      attachedTo: undefined,
      materialFor: undefined,
      token: isToken(info, ref.name),
    };
    this.instances.push(inst);
    this.references.push({ kind: 'card', range: ref.nameRange, cardName: inst.name, cardKey: info?.key, instance: inst, definition: true, scenario: this.scenario });
    if (label) this.giveLabel(inst, label);
    return inst;
  }

  /**
   * Gives copy `inst` its label (a board line's `as`, or a name in an action's list: `"Sheep Token" as T1`); a label
   * given twice, or a copy labelled twice, is `duplicate-label`.
   */
  private giveLabel(inst: CardInstance, label: Named): void {
    const key = label.text.toLowerCase();
    const other = this.labels.get(key);
    if (other || (inst.label && inst.label.toLowerCase() !== key)) {
      this.diagnostics.push({
        code: 'duplicate-label',
        severity: 'error',
        message: other ? `the label \`${label.text}\` is already given to another copy` : `this copy already has the label \`${inst.label}\`; use it`,
        range: label.range,
      });
    } else {
      this.labels.set(key, inst);
      inst.label = label.text;
    }
    this.references.push({ kind: 'label', range: label.range, label: label.text, instance: other ?? inst, definition: !other, scenario: this.scenario });
  }

  /**
   * "Did you mean" searches every card name (about 40,000 with the generated library, some milliseconds
   * each): a file full of unknown names (a pasted list) gets suggestions for its first ones only. The budget
   * is the file's (analyze.ts hands each scenario what the scenarios before it left).
   */
  suggestionsLeft = SUGGESTIONS_PER_FILE;
  /** The unknown card names met, with or without a suggestion. */
  unknownNames = 0;

  private lookupCard(name: string, range: Range) {
    const info = this.cards.get(name);
    if (!info) {
      const suggestions = this.unknownNames++ < this.suggestionsLeft ? this.cards.suggest(name) : [];
      this.diagnostics.push({
        code: 'unknown-card',
        severity: 'error',
        message:
          `unknown card ${quoteName(name)}: neither this file, the workspace nor the card library defines it` +
          (suggestions.length ? `; did you mean ${suggestions.map(quoteName).join(', ')}?` : '; add a `card` definition for it'),
        range,
        fix: suggestions.map((s, i) => ({ title: `Change to ${quoteName(s)}`, edits: [{ range, newText: quoteName(s) }], preferred: i === 0 })),
      });
    }
    return info;
  }

  /**
   * Resolves a reference to a copy, creating an unplaced copy where the action implies; a name written with a label
   * (`"Sheep Token" as T1`) gives that copy the label, which later lines use.
   */
  resolve(ref: CardRef, ctx: ResolveContext): CardInstance | undefined {
    const inst = this.resolveCopy(ref, ctx);
    if (inst && ref.kind === 'name' && ref.label) this.giveLabel(inst, ref.label);
    return inst;
  }

  private resolveCopy(ref: CardRef, ctx: ResolveContext): CardInstance | undefined {
    if (ref.kind === 'label') {
      const inst = this.labels.get(ref.label.toLowerCase());
      if (!inst && this.cards.get(ref.label)) {
        // `1 Yugi Sangan`: a card's name without its quotes, not a label.
        this.reportNotQuoted(ref.label, ref.range);
        return undefined;
      }
      if (!inst) {
        this.diagnostics.push({
          code: 'unknown-label',
          severity: 'error',
          message: `unknown label \`${ref.label}\`: labels are given with \`as\`, on a board line or after a name in a link's or an action's list (\`"Sheep Token" as T1\`), before they are used (card names go in quotes)`,
          range: ref.range,
        });
        return undefined;
      }
      this.references.push({ kind: 'label', range: ref.range, label: ref.label, instance: inst, scenario: this.scenario });
      return inst;
    }
    let owner: PlayerIndex | undefined = ctx.player;
    if (ref.owner) {
      const p = this.player(ref.owner);
      if (p === undefined) return undefined;
      owner = p;
    }
    const info = this.cards.get(ref.name);
    const key = info ? '' : normalizeName(ref.name);
    let candidates: CardInstance[] = [];
    // A Token Special Summoned under a label of its own is a new Token (Scapegoat's `"Sheep Token" as T1, ...`).
    const newToken = !!ref.label && !!ctx.creates && isToken(info, ref.name) && !this.labels.has(ref.label.text.toLowerCase());
    if (!newToken) for (const c of this.instances) {
      if (info ? c.card !== info : normalizeName(c.name) !== key) continue;
      if (ctx.exclude?.has(c)) continue;
      if (owner !== undefined && c.owner !== owner && c.controller !== owner && this.claimed.get(c) !== owner) continue;
      candidates.push(c);
    }
    if (candidates.length > 1 && ctx.preferred) {
      const p = candidates.filter((c) => ctx.preferred!.includes(c));
      if (p.length === 1) candidates = p;
    }
    // Both players have a copy and the reference does not say whose: a judge's default decides (the copy of
    // the player the action aims at, else the turn player's), and it is said aloud (owner-assumed).
    const bothPlayers = candidates.length > 1 && owner === undefined && candidates.some((c) => c.owner !== candidates[0].owner);
    let why: string | undefined;
    if (candidates.length > 1 && owner === undefined && ctx.prefer !== undefined) {
      const p = candidates.filter((c) => c.owner === ctx.prefer);
      if (p.length >= 1) {
        candidates = p;
        why = ctx.preferWhy;
      }
    }
    if (candidates.length > 1) {
      // Same player, same name: a label or the copy's zone is needed.
      const byPlayer = new Set(candidates.map((c) => c.owner));
      if (byPlayer.size > 1 && owner === undefined) {
        const tp = candidates.filter((c) => c.owner === this.turnPlayer);
        if (tp.length === 1) {
          candidates = tp;
          why = 'the turn player';
        }
      }
    }
    if (bothPlayers && why && new Set(candidates.map((c) => c.owner)).size === 1) this.reportOwnerAssumed(ref, candidates[0].owner, why);
    if (candidates.length > 1) {
      // One diagnostic per reference: the copies it names are capped, so a big board stays a small report.
      const shown = candidates.slice(0, CANDIDATES_SHOWN);
      const more = candidates.length - shown.length;
      const list =
        shown.map((c, k) => `${this.players[c.owner]}'s copy ${k + 1} in the ${c.zone}${c.label ? ` labelled \`${c.label}\`` : ''}`).join(', ') +
        (more > 0 ? ` and ${more} more` : '');
      const samePlayer = new Set(candidates.map((c) => c.owner)).size === 1;
      const labelled = shown.filter((c) => c.label);
      const advice = labelled.length
        ? `use a label instead (${labelled.map((c) => `\`${c.label}\``).join(', ')})`
        : samePlayer
          ? `give the copies labels on the board (\`${quoteName(ref.name)} as ${ref.name.split(/\s+/)[0].toLowerCase().replace(/[^a-z0-9]/g, '') || 'card'}1\`) and use the label`
          : `write ${this.players[candidates[0].owner]}'s ${quoteName(ref.name)} or use a label`;
      this.diagnostics.push({
        code: 'ambiguous-card',
        severity: 'error',
        message: `${quoteName(ref.name)} could be ${list}; ${advice}`,
        range: ref.range,
        related: shown.filter((c) => c.placedAt).map((c) => ({ range: c.placedAt!, message: 'a candidate copy' })),
      });
      const inst = candidates[0];
      this.references.push({ kind: 'card', range: ref.nameRange, cardName: inst.name, cardKey: inst.card?.key, instance: inst, scenario: this.scenario });
      return inst;
    }
    if (candidates.length === 1) {
      const inst = candidates[0];
      this.references.push({ kind: 'card', range: ref.nameRange, cardName: inst.name, cardKey: inst.card?.key, instance: inst, scenario: this.scenario });
      return inst;
    }
    // Never placed: create it where the action implies (a Token the board never placed does not exist yet, R70).
    const found = info ?? (isTokenName(ref.name) ? undefined : this.lookupCard(ref.name, ref.nameRange));
    const o: PlayerIndex = owner ?? ctx.prefer ?? this.turnPlayer;
    const token = isToken(found, ref.name);
    const inst: CardInstance = {
      id: this.nextId++,
      name: found?.name ?? ref.name,
      card: found,
      owner: o,
      controller: o,
      zone: token ? 'gone' : ctx.implied,
      faceDown: false,
      label: undefined,
      placedAt: undefined,
      implied: true,
      summonNegated: false,
      pendulumZone: false,
      attachedTo: undefined,
      materialFor: undefined,
      token,
    };
    this.instances.push(inst);
    this.references.push({ kind: 'card', range: ref.nameRange, cardName: inst.name, cardKey: found?.key, instance: inst, scenario: this.scenario });
    return inst;
  }

  /**
   * A name both players have, taken as one player's copy by a default: a warning that says whose, and a fix
   * that writes the owner (`Kaiba's "Sangan"`).
   */
  private reportOwnerAssumed(ref: Extract<CardRef, { kind: 'name' }>, chosen: PlayerIndex, why: string): void {
    const other = (1 - chosen) as PlayerIndex;
    const [mine, theirs] = [this.players[chosen], this.players[other]];
    const at = { start: ref.range.start, end: ref.range.start };
    this.diagnostics.push({
      code: 'owner-assumed',
      severity: 'warning',
      message: `both players have ${quoteName(ref.name)}: segoc takes ${mine}'s (${why}); write ${mine}'s ${quoteName(ref.name)} or ${theirs}'s ${quoteName(ref.name)} to say whose`,
      range: ref.range,
      fix: [
        { title: `Write ${mine}'s`, edits: [{ range: at, newText: `${mine}'s ` }], preferred: true },
        { title: `Write ${theirs}'s`, edits: [{ range: at, newText: `${theirs}'s ` }] },
      ],
    });
  }

  /** Resolves a list in which explicit owners claim their copies first. */
  resolveList(refs: CardRef[], ctx: ResolveContext): Array<CardInstance | undefined> {
    if (refs.length === 1) return [this.resolve(refs[0], ctx)];
    const exclude = new Set<CardInstance>(ctx.exclude ?? []);
    const inList: ResolveContext = { player: ctx.player, prefer: ctx.prefer, preferWhy: ctx.preferWhy, implied: ctx.implied, exclude, preferred: ctx.preferred, creates: ctx.creates };
    // Filled with undefined first (not `new Array(n)`): a packed array, of the same kind as the one-card case.
    const out: Array<CardInstance | undefined> = [];
    for (let i = 0; i < refs.length; i++) out.push(undefined);
    // Two passes: references with an explicit owner (or a label) claim their copies first.
    for (const owned of [true, false]) {
      for (let i = 0; i < refs.length; i++) {
        if (hasOwner(refs[i]) !== owned) continue;
        const inst = this.resolve(refs[i], inList);
        if (inst) exclude.add(inst);
        out[i] = inst;
      }
    }
    return out;
  }
}

/**
 * A Monster Token's name (R70): "Token", or a name whose last word is "Token" ("Sheep Token"). Tokens are not
 * cards of the library: such a name that no card definition knows is a Token, with no effects and no error.
 */
export function isTokenName(name: string): boolean {
  return /(^|\s)token$/i.test(name.trim());
}

/** Whether a copy is a Monster Token: its definition's type says `token monster`, or its name is a Token's that no card defines. */
function isToken(info: CardInfo | undefined, name: string): boolean {
  return info ? /\btoken\b/.test(info.cardType) : isTokenName(name);
}

function hasOwner(r: CardRef): boolean {
  return r.kind === 'label' || !!r.owner;
}

/** How many candidate copies an `ambiguous-card` message names (and relates); the rest are counted. */
export const CANDIDATES_SHOWN = 5;

export function scenarioPlayers(sc: Scenario): { players?: Named[]; turn?: Named } {
  let players: Named[] | undefined;
  let turn: Named | undefined;
  for (const item of sc.items) {
    // The first line of each applies (a second one is an error the parser reports).
    if (item.kind === 'players') players ??= item.players;
    if (item.kind === 'turn') turn ??= item.turn;
  }
  return { players, turn };
}
