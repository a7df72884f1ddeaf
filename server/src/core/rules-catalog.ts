// The rules of rules.md (R1-R33) and docs/rules.md (R34-R36) as data for hovers and diagnostics' documentation links.
// Pure data: no imports. The user guide with examples is docs/rules.md; each rule with a diagnostic
// code has an anchor equal to that code there, and every rule has an anchor `r<n>` (r1 ... r33).
// Summaries are written in our own words; sources name the facts' origin (keys of rules.md).

export type RuleTag = 'stable' | 'version' | 'disputed' | 'engine≠rule' | 'card-specific';

export interface RuleInfo {
  /** 'R1' ... 'R33'. */
  id: string;
  /** Short title, as the heading of docs/rules.md. */
  title: string;
  /** The tag a hover shows first: the one the user most needs to know about. */
  tag: RuleTag;
  /** Every tag of the rule (includes `tag`). */
  tags: RuleTag[];
  /** Stable diagnostic code, for the rules that raise one (R19/R20 and R29/R31 share theirs). */
  code?: string;
  severity?: 'error' | 'warning';
  /** 1-3 sentences, own words. */
  summary: string;
  /** Where the facts come from: source key, then what it is (and its address where one exists). */
  sources: string[];
  /** For [version]/[disputed]/[engine≠rule] rules: what the ruleset switch does, or what differs. */
  note?: string;
}

/** What each status tag means, for hovers. */
export const TAG_MEANINGS: Readonly<Record<RuleTag, string>> = {
  stable: 'agreed by every source read',
  version: 'depends on the ruleset, region or date (`rules tcg|ocg [as of DATE]`)',
  disputed: 'sources disagree, or only third-party sources exist; segoc follows the choice documented in docs/rules.md',
  'engine≠rule': 'ygopro/EDOPro behave differently from the published ruling; segoc follows the ruling',
  'card-specific': 'cards and card rulings add exceptions; segoc knows them through card definitions',
};

const S = {
  S0: 'S0 — seed 000: Portuguese wiki article on SEGOC (order, examples, TCG/OCG, hand self-summon exception)',
  S1: 'S1 — seed 001: Yu-Gi-Oh! Wiki "Simultaneous Effect Go On Chain" (cites TCG Rulebook v10, ABPF rulings, January 2010 rule change)',
  S2: 'S2 — seed 002: Portuguese wiki article "Cadeia" (building and resolving a chain)',
  S3: 'S3 — seed 003: Japanese yugioh-wiki page on simultaneous activation (OCG rulebooks, FAQs of 2013)',
  W1: 'W1 — https://www.edisonformat.com/missing-the-timing.html',
  W2: 'W2 — https://edisonformat.net/rules/compendium/Missing-the-Timing',
  W3: 'W3 — https://edisonformat.net/rules/compendium/SEGOC-And-Early-Trigger',
  W4: 'W4 — Konami, Conjunction Functions: https://www.yugioh-card.com/eu/es/play/understanding-card-text/part-7-conjunction-functions/',
  W5: 'W5 — http://ygorganization.com/learnrulingspart5',
  W6: 'W6 — https://ygorganization.com/2021-rules-update/',
  W7: 'W7 — https://ygorganization.com/that-wacky-damage-step/',
  W8: 'W8 — https://redlib.astrial.org/r/Yugioh101/wiki/jackson_articles_segoc',
  W9: 'W9 — https://arqalite.github.io/fire-king-guide/tips-and-tricks/chain-blocking-sacred.html',
  W10: 'W10 — https://fusion-helper-tool.onrender.com/judge/rulings/64_one_hand_special_summon_trigger_per_chain_segoc/',
  W11: 'W11 — https://fusion-helper-tool.onrender.com/judge/rulings/22_trigger_location_change_before_activation_window/',
  W12: 'W12 — https://fusion-helper-tool.onrender.com/judge/rulings/03_missing_timing_when_optional_trigger_then_after/',
  W13: 'W13 — yugioh-wiki 手札誘発: http://yugioh-wiki.net/index.php?cmd=diff&page=%BC%EA%BB%A5%CD%B6%C8%AF',
  W14: 'W14 — https://www.mikamika.de/tengu/gladiator-beast-gyzarus',
  W15: 'W15 — https://www.mikamika.de/post/conjunctions',
  W16: 'W16 — https://yugipedia.com/wiki/Special:MobileDiff/36592',
  W17: 'W17 — http://jens-naki.blogspot.com/2012/11',
  W18: 'W18 — http://kperovic.com/metagame/yugioh8992.html?ArticleId=10130&tabid=33',
  W19: 'W19 — https://ygorganization.com/learnrulingspart3',
  W20: 'W20 — https://yugioh-enjoy.com/post-193/',
  W21: 'W21 — http://www.rareccgcards.com/',
  W22: 'W22 — https://redlib.astrial.org/r/Yugioh101/wiki/jackson_articles_damage_step',
  W23: 'W23 — https://www.huntlist.eu/cards/yugioh/light-and-darkness-dragon/ruling',
  W26: 'W26 — https://fusion-helper-tool.onrender.com/judge/rulings/08_segoc_simultaneous_triggers_chain_order/',
  W28: 'W28 — https://ufo-yugioh.com/?p=524',
  YC: 'YC — ygopro-core (Fluorohydride/ygopro-core), the simulator rules engine',
  EC: 'EC — EDOPro core (edo9300/ygopro-core)',
  CS: 'CS — EDOPro card scripts (ProjectIgnis/CardScripts, official/cNNNN.lua)',
} as const;

export const RULES: readonly RuleInfo[] = [
  {
    id: 'R1',
    title: 'Chain structure and link numbers',
    tag: 'stable',
    tags: ['stable'],
    code: 'chain-numbering',
    severity: 'error',
    summary:
      'The first activation is Chain Link 1 and each later one takes the next number. A new link answers the link just below it and also the event Chain Link 1 answered; links are added only while the chain is being built.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R2',
    title: 'The chain resolves backwards',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'After both players pass in a row, the chain resolves from its highest link down to Chain Link 1, and nothing can be activated during that. No diagnostic of its own: it shapes the resolution preview; effects met during resolution wait (R10).',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R3',
    title: 'Priority while a chain is built',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'After the trigger batch, and after each fast effect, the player who did not add the last link may add the next one first; if that player passes the other may, and two passes in a row close the chain. No diagnostic of its own: a link pushing away a pending mandatory responder is reported by R29.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R4',
    title: 'Cards left over after the chain',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'Once the chain has resolved, Spells and Traps that must leave the field go to the GY; this counts as simultaneous with the end of Chain Link 1. It therefore never makes a "when" effect triggered by Chain Link 1 miss the timing.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R5',
    title: 'Spell Speeds',
    tag: 'version',
    tags: ['stable', 'version', 'engine≠rule'],
    summary:
      'Spell Speed 1: Normal, Equip, Field, Continuous and Ritual Spells; Ignition, Trigger and Flip effects. Spell Speed 2: Quick-Play Spells, Normal and Continuous Traps, Quick Effects. Spell Speed 3: Counter Traps only.',
    sources: [S.S2, S.S3, S.YC],
    note:
      'OCG: trigger effects of Trap cards are Spell Speed 2; segoc applies this under `rules ocg` and uses Spell Speed 1 under `rules tcg` (a card definition can set `spell speed N`). ygopro gives every trigger Spell Speed 1.',
  },
  {
    id: 'R6',
    title: 'A link must be at least as fast as the one below',
    tag: 'stable',
    tags: ['stable'],
    code: 'spell-speed',
    severity: 'error',
    summary: 'From Chain Link 2 on, each link needs a Spell Speed equal to or higher than the link directly below it.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R7',
    title: 'Spell Speed 1 above Chain Link 1 only inside a trigger batch',
    tag: 'stable',
    tags: ['stable'],
    code: 'spell-speed-1-chained',
    severity: 'error',
    summary:
      'A Spell Speed 1 effect can be Chain Link 2 or higher only as a member of a batch of simultaneous triggers, placed before any fast effect. Spell cards of Spell Speed 1, Ignition Effects and triggers outside such a batch always start a chain.',
    sources: [S.S0, S.S2, S.YC],
  },
  {
    id: 'R8',
    title: 'Only Counter Traps on a Counter Trap',
    tag: 'stable',
    tags: ['stable'],
    code: 'counter-trap-only',
    severity: 'error',
    summary:
      'Once a Counter Trap (Spell Speed 3) is on the chain, only another Counter Trap can be chained to it; Traps, Quick-Play Spells and Quick Effects such as Ash Blossom cannot.',
    sources: [S.S2, S.YC],
  },
  {
    id: 'R9',
    title: 'Inside the batch, Spell Speed is not compared',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'While simultaneous triggers are placed, their Spell Speeds are not compared, so a Spell Speed 1 trigger may sit above a Spell Speed 2 Trap trigger of the same batch. This holds for batch members only. No diagnostic of its own.',
    sources: [S.S3],
  },
  {
    id: 'R10',
    title: 'Triggers wait for the chain to finish',
    tag: 'stable',
    tags: ['stable'],
    code: 'trigger-must-wait',
    severity: 'error',
    summary:
      'A trigger whose condition is met while a chain is built (activation, cost, target) or resolved cannot join that chain. It waits until the chain is over and then, unless it missed the timing, starts a new chain by SEGOC with the other waiting triggers.',
    sources: [S.S0, S.S1, S.S3, S.W19, S.W18, S.YC],
  },
  {
    id: 'R11',
    title: 'SEGOC order',
    tag: 'stable',
    tags: ['stable'],
    code: 'segoc-order',
    severity: 'error',
    summary:
      "Simultaneous triggers go on the chain in four groups: turn player's mandatory, non-turn player's mandatory, turn player's optional, non-turn player's optional. A trigger of a later group cannot sit below one of an earlier group.",
    sources: [S.S0, S.S1, S.S3, S.W26, S.W3, S.YC],
  },
  {
    id: 'R12',
    title: 'Free order inside a group',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'Inside one SEGOC group its controller picks the order; which condition was met first does not matter. No diagnostic under current rules.',
    sources: [S.S1, S.S0, S.S3, S.W8],
    note: 'Old TCG games (`rules tcg as of` a date before 2017-07-21) follow R13 instead.',
  },
  {
    id: 'R13',
    title: 'Legacy TCG: triggers in the order they were met',
    tag: 'version',
    tags: ['version'],
    code: 'legacy-trigger-order',
    severity: 'error',
    summary:
      'Before New Master Rule, the TCG required effects of one player and group to be placed in the order their conditions were met (a Sangan Tributed for Zaborg went below Zaborg). The OCG never had this rule.',
    sources: [S.S0, S.S3, S.W3, S.W8, S.EC],
    note:
      'Checked only for `rules tcg as of` a date before 2017-07-21 (Rulebook 10 reached the TCG with the Starter Deck Link Strike, July 2017; 2017-03-25 was the OCG date). Never for `rules ocg`; current TCG uses R12.',
  },
  {
    id: 'R14',
    title: 'The whole batch goes on before any fast effect',
    tag: 'stable',
    tags: ['stable'],
    code: 'fast-effect-in-batch',
    severity: 'error',
    summary:
      'Every trigger of a simultaneous batch is placed before either player may use a fast effect. A fast effect cannot be put between batch links, and a trigger not placed at its turn cannot be added later in that chain.',
    sources: [S.S1, S.S2, S.S3, S.YC],
  },
  {
    id: 'R15',
    title: 'Which triggers may activate is fixed before the chain is built',
    tag: 'engine≠rule',
    tags: ['stable', 'engine≠rule'],
    code: 'no-target-at-collection',
    severity: 'error',
    summary:
      'Whether a trigger can be activated is judged from the state before the first batch link is placed. A trigger with no legal target or no payable cost at that moment stays out, even if an earlier link later provides one.',
    sources: [S.S3, S.YC],
    note: 'ygopro checks again at each placement and would accept what this rule forbids; segoc follows the ruling.',
  },
  {
    id: 'R16',
    title: 'When optional triggers are decided, costs paid and targets chosen',
    tag: 'stable',
    tags: ['stable'],
    summary:
      "Costs and targets are chosen as each link is placed, and a player decides on each optional trigger when that player's optional group comes up. No diagnostic of its own; its consequences are checked by R11, R14 and R15.",
    sources: [S.S3],
  },
  {
    id: 'R17',
    title: 'Mandatory triggers must be placed',
    tag: 'stable',
    tags: ['stable'],
    code: 'mandatory-trigger-missing',
    severity: 'warning',
    summary:
      'A mandatory trigger that can be activated must go on the chain in its group. One that cannot (no target, its card moved) simply does not activate.',
    sources: [S.S0, S.S1, S.S3, S.YC],
  },
  {
    id: 'R18',
    title: 'Spell and Trap triggers join the same groups',
    tag: 'stable',
    tags: ['stable'],
    summary:
      "Spell and Trap trigger effects are sorted into the same four SEGOC groups as monsters'. A Field or Continuous Spell's trigger does nothing if the card has left the field when it resolves. No diagnostic of its own.",
    sources: [S.S3],
  },
  {
    id: 'R19',
    title: 'An optional "when" trigger needs to be the last thing that happened',
    tag: 'stable',
    tags: ['stable'],
    code: 'missed-timing',
    severity: 'error',
    summary:
      'An optional "When ...: You can" trigger can be activated only if its condition was the last thing that happened (or one of several simultaneous last things). Otherwise it misses the timing; an effect already activated still resolves.',
    sources: [S.W4, S.W1, S.W2, S.W12, S.W16, S.S0, S.S1, S.YC],
  },
  {
    id: 'R20',
    title: 'What makes a "when" trigger miss',
    tag: 'stable',
    tags: ['stable'],
    code: 'missed-timing',
    severity: 'error',
    summary:
      'A "when" optional misses when its condition was met while a link above Chain Link 1 resolved (or before Chain Link 1 finished), by a cost or activation, by the first part of a "then" effect, or by being Tributed or used as material for a Summon. Parts joined by "and" and leftover cards going to the GY are not reasons.',
    sources: [S.W2, S.W4, S.W5, S.W15, S.S3, S.YC],
  },
  {
    id: 'R21',
    title: 'Effects that never miss the timing',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'Mandatory triggers and "If ...: You can" optional triggers never miss the timing; they activate at the next chance, forming a new batch. No diagnostic of its own.',
    sources: [S.W2, S.W12, S.S1, S.W16, S.YC],
  },
  {
    id: 'R22',
    title: 'Several last things at once',
    tag: 'stable',
    tags: ['stable'],
    summary:
      'When several things happen at the same moment, each is a last thing: all their "when" optional triggers are valid and go on one chain in SEGOC order. No diagnostic of its own.',
    sources: [S.W16, S.S0, S.S1],
  },
  {
    id: 'R23',
    title: 'A card that moves before its trigger activates',
    tag: 'version',
    tags: ['version'],
    code: 'location-changed',
    severity: 'error',
    summary:
      'Under current rules, if a card whose trigger condition was met changes location before its effect could be activated, the effect does not activate, mandatory ones included.',
    sources: [S.W6, S.W20, S.W11, S.W17, S.YC],
    note:
      'Current rule from 2020-04-01 (OCG) and 2021-11-01 (TCG: Konami\'s "[TCG] 2021 Rules Update", November 2021; the exact day is not known, so a scenario dated in November 2021 gets a note). Earlier OCG dates use the OCG rule of 2012: only a move to the hand or Deck stops the trigger. How the TCG ruled before its update is unverified (the 2012 private-area concept was reported as OCG-only): segoc reports no R23 diagnostic for earlier TCG dates and says it assumed the move did not matter.',
  },
  {
    id: 'R24',
    title: 'Phase triggers do not chain together',
    tag: 'stable',
    tags: ['stable'],
    code: 'phase-trigger-chained',
    severity: 'error',
    summary:
      'Effects that activate "during the ... Phase" or "at the end of the Battle Phase" are not simultaneous: each is Chain Link 1 of its own chain, fast effects may answer it, and the next one comes after that chain.',
    sources: [S.S0, S.S1, S.S3, S.W14, S.YC],
  },
  {
    id: 'R25',
    title: 'Who may activate phase triggers, and when the chance is gone',
    tag: 'stable',
    tags: ['stable'],
    code: 'phase-trigger-lost',
    severity: 'error',
    summary:
      'The turn player may activate phase triggers first, in any order, or pass; then the opponent. When both pass in a row, unused optional phase triggers are lost and the phase ends; mandatory ones cannot be skipped.',
    sources: [S.S3, S.YC],
  },
  {
    id: 'R26',
    title: 'Phase triggers of Trap cards',
    tag: 'version',
    tags: ['version', 'card-specific'],
    summary:
      "Some Trap cards' phase-timed effects are Spell Speed 2 and may be Chain Link 2 or higher; others may not, and Spell cards' phase triggers behave like monsters'. Decided card by card; no diagnostic of its own.",
    sources: [S.S3],
    note: 'segoc follows the card definition: a phase trigger with `spell speed 2` may be chained; others are checked by R24.',
  },
  {
    id: 'R27',
    title: 'One hand self-summon trigger per player per chain',
    tag: 'version',
    tags: ['stable', 'version'],
    code: 'hand-summon-limit',
    severity: 'error',
    summary:
      'Each player may activate, per chain, only one trigger effect of a monster that could Special Summon itself from the hand with it; a copy in the GY that could summon itself "from your hand or GY" counts too. Quick Effects are not covered.',
    sources: [S.S1, S.S0, S.W10, S.YC],
    note: 'In force from 2010-01-01 (the January 2010 rule change); not checked for earlier `as of` dates.',
  },
  {
    id: 'R28',
    title: 'Where hand triggers go',
    tag: 'disputed',
    tags: ['version', 'disputed'],
    code: 'hand-trigger-order',
    severity: 'error',
    summary:
      'OCG: a trigger activated from the hand is not a batch member; it may be activated only after all public triggers are placed, like a Spell Speed 2 effect (never on a Counter Trap).',
    sources: [S.S3, S.W13, S.W28, S.W9, S.YC, S.EC],
    note:
      'Checked only under `rules ocg`. Under `rules tcg` hand triggers are ordinary batch members, as third-party sources and EDOPro\'s "TCG SEGOC" mode say; this TCG side is disputed.',
  },
  {
    id: 'R29',
    title: '"When … is activated" effects: mandatory ones first, chained directly',
    tag: 'stable',
    tags: ['stable'],
    code: 'must-chain-directly',
    severity: 'error',
    summary:
      "Effects that answer \"when a card or effect is activated\" are Spell Speed 2 and must be chained directly to that activation; mandatory ones go first (turn player's first), then normal priority. An optional one not chained directly can no longer be used.",
    sources: [S.S3, S.W23, S.YC],
  },
  {
    id: 'R30',
    title: 'What may be activated in the Damage Step',
    tag: 'stable',
    tags: ['stable', 'card-specific'],
    code: 'damage-step',
    severity: 'error',
    summary:
      'In the Damage Step only Counter Traps, effects that directly change ATK/DEF, effects that negate an activation, Damage-Step timings, mandatory effects, triggers of the battle itself and cards that allow it can be activated.',
    sources: [S.W7, S.W22, S.W21, S.YC],
  },
  {
    id: 'R31',
    title: 'An effect that answers an activation sees only the link below it',
    tag: 'stable',
    tags: ['stable'],
    code: 'must-chain-directly',
    severity: 'error',
    summary:
      'An effect that answers an activation (Solemn Strike, Ash Blossom, Light and Darkness Dragon) can answer only the link directly below it, so the order inside a SEGOC group decides what the opponent can answer.',
    sources: [S.S1, S.CS, S.YC],
  },
  {
    id: 'R32',
    title: 'Effects that answer a game event',
    tag: 'stable',
    tags: ['stable'],
    code: 'event-window-passed',
    severity: 'error',
    summary:
      'An effect answering a game event (a Summon, an attack declaration) may be Chain Link 1 right after it or join a chain built in that window; once another chain has resolved in between, the chance is gone.',
    sources: [S.S2, S.W2, S.W1],
  },
  {
    id: 'R33',
    title: 'Once per chain',
    tag: 'stable',
    tags: ['stable', 'card-specific'],
    code: 'once-per-chain',
    severity: 'error',
    summary: 'An effect limited to once per chain cannot appear twice in one chain, even if its first activation was negated.',
    sources: [S.W23, S.CS],
  },
  {
    id: 'R34',
    title: 'Where and when a Spell or Trap card can be activated',
    tag: 'stable',
    tags: ['stable', 'card-specific'],
    code: 'spell-trap-timing',
    severity: 'error',
    summary:
      'A Quick-Play Spell is activated from the hand only on its controller\'s own turn; a Trap or a Quick-Play Spell not the turn it was Set (unless its text allows it); a Normal, Continuous, Equip, Field or Ritual Spell only in its controller\'s own Main Phase. Where the scenario does not say when a card was Set, segoc assumes an earlier turn and says so.',
    sources: [
      'W29 — Yugipedia "Quick-Play Spell Card" (Official Rulebook v7.1 p. 18): https://yugipedia.com/wiki/Quick-Play_Spell_Card',
      'W30 — r/Yugioh101 wiki "Spell Cards": https://rl.huuu.biz/r/Yugioh101/wiki/card_type-spell_cards',
    ],
  },
  {
    id: 'R35',
    title: 'A card activated where the scenario shows it is not',
    tag: 'stable',
    tags: ['stable'],
    code: 'card-not-there',
    severity: 'error',
    summary:
      'Assumptions fill in what a scenario does not say and never contradict what it says: a card the scenario shows elsewhere (a Trap destroyed earlier, a monster still on the field whose effect activates in the GY) cannot be activated. A card the scenario never placed is still assumed to be where its activation needs it.',
    sources: ['W31 — segoc newcomer audit, finding D2 (stated facts overridden by assumptions)'],
  },
  {
    id: 'R36',
    title: 'A responder with nothing to answer',
    tag: 'stable',
    tags: ['stable'],
    code: 'nothing-to-answer',
    severity: 'error',
    summary:
      'An effect that answers a game event cannot be activated where the scenario shows that event did not happen: right after something else the scenario states, or, for "when an opponent\'s monster declares an attack", on its controller\'s own turn. An event the scenario does not mention at all is still assumed.',
    sources: [
      'W32 — Yugipedia "Card Rulings:Bottomless Trap Hole" (only when the last thing that happened was the Summon)',
      'W31 — segoc newcomer audit, finding D2',
    ],
  },
];

const BY_ID = new Map(RULES.map((r) => [r.id.toUpperCase(), r]));
const BY_CODE = new Map<string, RuleInfo>();
for (const r of RULES) if (r.code && !BY_CODE.has(r.code)) BY_CODE.set(r.code, r);

/** The rule with that id ('R11', also 'r11'). */
export function ruleById(id: string): RuleInfo | undefined {
  return BY_ID.get(id.trim().toUpperCase());
}

/** The rule a diagnostic code cites; a code shared by two rules (R19/R20, R29/R31) maps to the first. */
export function ruleByCode(code: string): RuleInfo | undefined {
  return BY_CODE.get(code);
}

/** Every rule raising that code, in order (R19 and R20 for missed-timing). */
export function rulesByCode(code: string): RuleInfo[] {
  return RULES.filter((r) => r.code === code);
}

/** Link target of a diagnostic code in the user guide. */
export function ruleDocAnchor(code: string): string {
  return 'docs/rules.md#' + code;
}

/** Link target of a rule's own section in the user guide ('docs/rules.md#r11'). */
export function ruleIdDocAnchor(id: string): string {
  return 'docs/rules.md#' + id.trim().toLowerCase();
}
