// Reads a Japanese card text. Its grammar is as disciplined as PSCT: effects are the ①②③ clauses;
// the first sentence of a clause that ends in 発動できる (optional) or 発動する (mandatory) is the
// activation condition and cost; an event in the past tense before 時 ("when": can miss the timing)
// or 場合 ("if": cannot) makes a trigger; を対象として is a target; a clause with no 発動 is a
// continuous effect. The lines before ① carry the once-per-turn limits by card name.
import type { Zone } from '../words';
import { activationIsTheEffect, addInclude, blankEffect, choiceActivation, CHOICES_IN_ONE_EFFECT, impliedActivation, replaceByChoices, spellSpeedOf, unconditionedKind, windowPhrase, withinStretch, withoutBrackets, zoneAfterSelfEvent, zoneList } from './common';
import { japaneseEvent, japanesePhase } from './japanese-events';
import type { CardTypeFacts, InferredEffect } from './types';

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';
const CLAUSE_START = /[①-⑳]：/g;

interface Clause {
  number: number;
  text: string;
}

function clausesOf(text: string, type: CardTypeFacts, notes: string[]): { header: string; clauses: Clause[]; old: boolean } {
  let t = text.replace(/\r/g, '');
  const lines = t.split('\n');
  if (type.extraDeck && lines.length > 1 && !/[①-⑳]：/.test(lines[0]) && !/。$/.test(lines[0])) {
    notes.push(`materials: ${lines[0]}`);
    t = lines.slice(1).join('\n');
  }
  const starts: number[] = [];
  for (const m of t.matchAll(CLAUSE_START)) starts.push(m.index!);
  if (starts.length === 0) {
    // An old text without numbered clauses: each sentence with 発動 (or the whole text) is one effect.
    const sentences = t.split(/(?<=。)/).map((s) => s.trim()).filter(Boolean);
    const clauses: Clause[] = [];
    let current = '';
    for (const s of sentences) {
      // A Spell/Trap's choice ("●…を対象として発動できる。") belongs to the activation that chooses it (a monster's
      // choices, each with its own condition, stay effects of their own: the language has no choices for them).
      const choice = type.category !== 'monster' && s.startsWith('●') && CHOOSES_ONE.test(current);
      if ((/発動(できる|する)。$/.test(s) || oldOptional(s) || oldMandatory(s)) && current && !choice) {
        clauses.push({ number: clauses.length, text: current });
        current = '';
      }
      current += s;
    }
    if (current) clauses.push({ number: clauses.length, text: current });
    return { header: '', clauses, old: true };
  }
  const clauses = starts.map((s, i) => ({
    number: CIRCLED.indexOf(t[s]),
    text: t.slice(s + 2, starts[i + 1] ?? t.length).trim(),
  }));
  return { header: t.slice(0, starts[0]), clauses, old: false };
}

/**
 * Older texts: "…時、…する事ができる。" is an optional effect, written without 発動. The test of
 * /(時|場合|１ターンに１度)、.*(事|こと)ができる。?$/ in linear time: the condition on the text's last line, before its end.
 */
function oldOptional(s: string): boolean {
  const lastLine = s.slice(Math.max(s.lastIndexOf('\n'), s.lastIndexOf('\r'), s.lastIndexOf('\u2028'), s.lastIndexOf('\u2029')) + 1);
  const end = /(事|こと)ができる。?$/.exec(lastLine);
  return !!end && /(時|場合|１ターンに１度)、/.test(lastLine.slice(0, end.index));
}

/**
 * Older texts: "…に成功した時、…を破壊する。" is a mandatory trigger, written without 発動. The test of
 * /^[^。]*?(た|宣言)(時|場合)、[^。]*。?$/ in linear time: one sentence (。 only at its end) with the condition.
 */
function oldMandatory(s: string): boolean {
  const body = s.endsWith('。') ? s.slice(0, -1) : s;
  return !body.includes('。') && /(た|宣言)(時|場合)、/.test(body);
}

const SUMMONS_ITSELF_BY_RULE = withinStretch('このカードは', '、。', '(特殊召喚|召喚)する(事|こと)ができる');

/** The first sentence that activates (ends in 発動できる/発動する), outside brackets. */
function activationSentence(clause: string, old = false): { sentence: string; index: number } | undefined {
  const parts = clause.split(/(?<=。)/);
  let at = 0;
  for (const p of parts) {
    const bare = withoutBrackets(p);
    if (/発動(できる|する)。?$/.test(bare.trim()) || /発動(できる|する)。/.test(bare)) return { sentence: p, index: at };
    // Older texts: "…時、…する事ができる" is an optional effect, written without 発動.
    if (oldOptional(bare.trim()) && !SUMMONS_ITSELF_BY_RULE.test(bare)) return { sentence: p, index: at };
    if (old && oldMandatory(bare.trim()) && !/代わり|場合のみ|できない|になる。?$|なる。?$|アップする。?$|ダウンする。?$/.test(bare)) return { sentence: p, index: at };
    at += p.length;
  }
  return undefined;
}

export function inferJapanese(text: string, type: CardTypeFacts, pendulum: boolean, notes: string[]): InferredEffect[] {
  const { header, clauses, old } = clausesOf(text, type, notes);
  const effects: InferredEffect[] = [];
  // The effects each ① clause was read as (a modal card's activation: one per choice).
  const byClause = new Map<number, InferredEffect[]>();
  const spellTrapCard = type.category !== 'monster' && !pendulum;
  let activation: InferredEffect | undefined;
  if (spellTrapCard && !activationIsTheEffect(type)) {
    activation = impliedActivation(type);
    effects.push(activation);
  }
  for (const c of clauses) {
    const act = activationSentence(c.text, old);
    const isOwn = spellTrapCard && isOwnEffect(c.text, type);
    if (spellTrapCard && !isOwn) {
      const choices = choicesOf(c.text);
      if (choices && !activation?.chooseOne) {
        // A modal card: its activation is one of its choices, each read as an activation of its own.
        const each = choices.modes.map((mode, i) => choiceEffect(choices.head, mode, i === 0, act?.sentence ?? choices.head, type));
        replaceByChoices(effects, activation, each);
        activation = each[0];
        byClause.set(c.number, each);
        continue;
      }
      const more = blankEffect('activation', c.text, false);
      if (act) readClause(more, c.text, act.sentence, type);
      else {
        includesOf(c.text, more);
        // Where the text is the activation (Normal Spells and Traps), what it selects is targeted by it.
        more.targets = activationIsTheEffect(type) && targetsIn(c.text);
      }
      if (!activation || (activation.sentence === '' && activationIsTheEffect(type))) {
        more.zones = type.category === 'spell' ? ['hand', 'field'] : ['field'];
        more.spellSpeed = spellSpeedOf('activation', type);
        activation = more;
        effects.push(more);
      } else {
        activation.sentence = activation.sentence ? `${activation.sentence} ${c.text}` : c.text;
        activation.targets ||= more.targets;
        activation.event ??= more.event;
        activation.negatesActivation ||= more.negatesActivation;
        for (const i of more.includes) addInclude(activation.includes, i);
      }
      byClause.set(c.number, [activation]);
      continue;
    }
    if (!act) {
      if (/特殊召喚できない|召喚できない|特殊召喚できる。?$|特殊召喚する事ができる|でしか特殊召喚できない/.test(c.text) && !/発動/.test(c.text)) {
        notes.push(`summoning condition (never starts a chain): ${c.text}`);
        continue;
      }
      const e = blankEffect('continuous', c.text, pendulum);
      effects.push(e);
      byClause.set(c.number, [e]);
      continue;
    }
    const e = blankEffect('ignition', c.text, pendulum);
    readClause(e, c.text, act.sentence, type);
    if (choicesOf(c.text)) e.notes.push(CHOICES_IN_ONE_EFFECT);
    effects.push(e);
    byClause.set(c.number, [e]);
  }
  if (spellTrapCard && !activation) effects.unshift(impliedActivation(type));
  applyHeader(header, effects, byClause);
  return effects;
}

/**
 * 以下の効果から１つを選択して発動できる (次の効果から / 以下から): the choice is made as the card is activated, one
 * ● per choice. 以下の効果から１つを選んで適用する chooses as it resolves: not read as choices.
 */
const CHOOSES_ONE = /(?:以下|次)の?(?:効果)?から１つを選択して発動/;

/** A clause split into what comes before its ● choices and the choices (each with its ●), where it activates choosing one. */
function choicesOf(clause: string): { head: string; modes: string[] } | undefined {
  // Most clauses choose nothing: a split by a regular expression is slow enough to show on a whole card pool.
  if (!CHOOSES_ONE.test(clause)) return undefined;
  const [head, ...modes] = clause.split(/\s*(?=●)/);
  const listed = modes.map((m) => m.trim()).filter((m) => m.length > 1);
  return listed.length >= 2 && CHOOSES_ONE.test(head) ? { head: head.trim(), modes: listed } : undefined;
}

/**
 * One choice of a modal card's activation: the clause's condition and cost (what comes before the choices)
 * with that choice alone, so that what it does and whether it targets (●…を対象として発動できる) are its own.
 */
function choiceEffect(head: string, mode: string, first: boolean, sentence: string, type: CardTypeFacts): InferredEffect {
  const e = choiceActivation(first ? `${head}${mode}` : mode, type);
  readClause(e, `${head}${mode}`, sentence, type);
  // （このカード名の以下の効果はそれぞれ１ターンに１度しか選択できない）: each choice once per turn, by name.
  if (/それぞれ１ターンに１度しか選択できない/.test(head)) e.oncePerTurn = 'name';
  return e;
}

function isOwnEffect(clause: string, type: CardTypeFacts): boolean {
  if (/このカードを発動|このカードの発動/.test(clause)) return false;
  if (/墓地のこのカードを|このカードが墓地に存在する|このカードを墓地から|セットされたこのカードが|このカードが(相手の効果で)?(フィールドから)?墓地へ送られた|このカードが(相手によって)?破壊された|相手ターンでも発動/.test(clause)) return true;
  if (activationIsTheEffect(type)) return false;
  return /発動(できる|する)/.test(clause);
}

/** Older texts target by "selecting" (…を選択し), even after 発動; newer ones say 対象とし / 対象に. */
const SELECTS = /(カード|モンスター)[^、。]{0,20}を(任意の数だけ)?選択(し|する)/;
function targetsIn(text: string): boolean {
  // "…モンスターの攻撃宣言時に以下の効果から１つを選択して": choosing an effect is no target.
  return /対象とし|対象に(発動|でき|する)/.test(text) || SELECTS.test(text.replace(CHOOSES_ONE, ''));
}

/**
 * 相手メインフェイズに、 (During your opponent's Main Phase), 相手ターンに１度 (Once per opponent's turn): the turn
 * and phase a Quick or Ignition Effect is activated in, opening the clause or after its condition (…場合、).
 * Two phases (メインフェイズ及びバトルフェイズ) keep only the turn.
 */
const WINDOW = /(?:^|、)(相手|自分|自分・相手の|お互いの)(?:の)?(ターン|メインフェイズ及びバトルフェイズ|メインフェイズ|バトルフェイズ)に(?:１度)?(?:、|発動)/;

function japaneseWindow(bare: string): string | undefined {
  const m = WINDOW.exec(bare.trim());
  if (!m) return undefined;
  const whose = m[1] === '相手' ? 'opponent' : m[1] === '自分' ? 'your' : 'each';
  return windowPhrase(whose, m[2] === 'メインフェイズ' ? 'main phase' : m[2] === 'バトルフェイズ' ? 'battle phase' : 'turn');
}

function readClause(e: InferredEffect, clause: string, sentence: string, type: CardTypeFacts): void {
  const bare = withoutBrackets(sentence);
  const rest = clause.slice(clause.indexOf(sentence) + sentence.length);
  const optional = /発動できる/.test(bare) || (!/発動する/.test(bare) && /できる。?$/.test(bare.trim()));
  if (/１ターンに１度/.test(sentence)) e.oncePerTurn = 'soft';
  if (/チェーン/.test(bare) && /１度/.test(bare)) e.oncePerChain = true;
  const quickMark = /相手ターンでも発動|自分・相手ターンに発動/.test(clause);
  // Times in the opponent's turn, in a Battle Phase or during damage calculation: an Ignition Effect is
  // activated only in its controller's Main Phase, so an effect activated then is a Quick Effect.
  const duringOpponent = /相手ターン(に|の)|自分・相手ターン|お互いのターン|自分・相手の(メイン|バトル)フェイズ|お互いの(メイン|バトル)フェイズ|相手(の)?(メイン|バトル)フェイズ(に|及び|時)|ダメージステップでも|ダメージ計算時(に|、)|ダメージステップ時|バトルステップ(時|に|中)|バトルフェイズ中に|バトルフェイズに|の発動時に発動/.test(bare);
  // An activation answered "when" (時) is a Quick Effect that responds to it; "if" (場合) a trigger.
  // Becoming a target (…の対象になった時) happens as the effect is activated: it answers that activation.
  const activationEvent = (/発動した時|(召喚|特殊召喚)する際|効果の対象になった時/.test(bare) && !/このカードを発動した時|この効果を発動した時/.test(bare));
  const ev = japaneseEvent(bare);
  if (e.kind !== 'activation') {
    // Newer texts write a FLIP effect "このカードがリバースした場合"; on a monster that is not a Flip monster it is a trigger.
    if (/^リバース(?!した)/.test(bare) || /^リバース：/.test(clause) || (type.flip && /^このカードがリバースした場合/.test(bare))) e.kind = 'flip';
    else if (quickMark || activationEvent) e.kind = 'quick';
    else if (/までに/.test(bare) && /ダメージ/.test(bare)) e.kind = 'quick';
    else if (/(た|だ)(時|場合)|(る|た)度に|宣言時|ダメージステップ開始時|ダメージ計算前|ダメージ計算後|ダメージステップ終了時|バトルフェイズ開始時/.test(bare)) e.kind = 'trigger';
    else if (japanesePhase(bare) && !/メインフェイズ/.test(bare)) {
      e.kind = 'trigger';
      e.phase = japanesePhase(bare);
    } else if (duringOpponent) e.kind = 'quick';
    else unconditionedKind(e, type);
    e.spellSpeed = spellSpeedOf(e.kind, type);
  }
  if (e.kind === 'trigger' || e.kind === 'quick' || e.kind === 'flip') e.mandatory = !optional;
  if (e.kind === 'trigger' && !e.phase) {
    const m = /(?:た|だ|宣言)(時|場合)/.exec(bare);
    if (m) e.timing = m[1] === '時' ? 'when' : 'if';
  }
  if ((e.kind === 'trigger' && !e.phase) || e.kind === 'quick' || e.kind === 'activation') {
    if (ev) e.event = ev.phrase;
    else if (e.kind === 'trigger') e.notes.push(`event not in the vocabulary: ${bare}`);
    if (ev?.note) e.notes.push(ev.note);
  }
  if (e.kind === 'quick' || e.kind === 'ignition') e.window = japaneseWindow(bare);
  if (e.kind !== 'activation') e.zones = zonesOf(bare, rest, e);
  if (e.kind === 'flip') e.zones = ['field'];
  e.summonsItself = /このカードを(手札|墓地|手札・墓地|手札か墓地|墓地か手札|除外状態)?(から)?(守備表示で|攻撃表示で)?特殊召喚/.test(rest + bare);
  if (targetsIn(bare) || SELECTS.test(withoutBrackets(rest))) e.targets = true;
  // "以下の効果から１つを選択して発動できる。●…を対象として発動できる。": the choices target.
  if (/●[^●]*対象とし/.test(rest)) e.targets = true;
  if (e.targets) e.targetFilter = 'a card';
  // （ダメージステップでも発動できる） allows it; ダメージステップ以外 ("except during the Damage Step") does not.
  if (/ダメージステップ|ダメージ計算/.test(bare.replace(/ダメージステップ以外[でに]?/g, ''))) e.damageStep = true;
  if (/発動を無効/.test(rest)) e.negatesActivation = true;
  if (/攻撃力/.test(rest) && /(アップ|ダウン|になる|半分|倍)/.test(rest)) e.changesAtk = true;
  includesOf(rest, e);
}

const SENT_THIS_TURN = withinStretch('このカードが', '。', '墓地(へ|に)送られた(相手)?ターン');
const LEFT_AS_MATERIAL = [
  withinStretch('このカード(を|が)', '。、', '素材(として|に)'),
  withinStretch('このカードが', '。', '取り除かれた'),
  withinStretch('このカードが', '。', 'フィールド(上)?から離れた'),
];

function zonesOf(sentence: string, rest: string, e: InferredEffect): Zone[] {
  const out: Zone[] = [];
  const state = /このカードが(手札・墓地|手札か墓地|墓地・手札|手札|墓地|除外|エクストラデッキ|ペンデュラムゾーン)(に存在する|に存在し|されている|に表側表示)/.exec(sentence);
  if (state) {
    if (state[1].includes('手札')) out.push('hand');
    if (state[1].includes('墓地')) out.push('gy');
    if (state[1] === '除外') out.push('banished');
    if (state[1].includes('ペンデュラム')) out.push('field');
    if (state[1].includes('エクストラ')) out.push('extra');
    return zoneList(out);
  }
  // "The End Phase of the turn this card was sent to the GY": it activates in the GY.
  if (e.phase && SENT_THIS_TURN.test(sentence)) return ['gy'];
  // This card used as material, detached, or leaving the field: its trigger activates where that left it.
  if (e.kind === 'trigger' && !e.event && LEFT_AS_MATERIAL.some((re) => re.test(sentence))) return ['gy'];
  if (e.kind === 'trigger' && e.event && !e.event.includes(' is ') && !/^(opponent|you|an attack|card or|monster effect|spell|trap)/.test(e.event)) {
    const after = zoneAfterSelfEvent(e.event);
    if (after) return [after];
    if (!/手札のこのカード|このカードを手札から/.test(sentence + rest)) return ['field'];
  }
  if (/手札・墓地のこのカード|このカードを手札・墓地から|このカードを手札か墓地から/.test(sentence + rest)) return ['hand', 'gy'];
  if (/手札・フィールドのこのカード|フィールド・手札のこのカード/.test(sentence)) return ['hand', 'field'];
  if (/手札のこのカード|このカードを手札から|このカードを手札から捨て/.test(sentence)) out.push('hand');
  if (/墓地のこのカード|このカードを墓地から|墓地からこのカード|墓地に存在するこのカード/.test(sentence)) out.push('gy');
  if (!out.length) {
    if (/このカードを手札から/.test(rest)) out.push('hand');
    if (/このカードを墓地から特殊召喚/.test(rest)) out.push('gy');
  }
  return out.length ? zoneList(out) : ['field'];
}

const FROM_DECK = {
  search: withinStretch('デッキから', '。', '手札に加え'),
  summon: withinStretch('デッキから', '。', '特殊召喚'),
  send: withinStretch('デッキから', '。', '墓地へ送'),
  sendTop: withinStretch('デッキの上から', '。', '墓地へ送'),
};

function includesOf(rest: string, e: InferredEffect): void {
  if (FROM_DECK.search.test(rest)) addInclude(e.includes, 'search');
  if (FROM_DECK.summon.test(rest)) addInclude(e.includes, 'deck summon');
  if (FROM_DECK.send.test(rest) || FROM_DECK.sendTop.test(rest)) addInclude(e.includes, 'deck send');
  if (/特殊召喚する/.test(rest)) addInclude(e.includes, 'special summon');
  if (/破壊する|破壊し/.test(rest)) addInclude(e.includes, 'destroy');
  if (/除外する|除外し/.test(rest)) addInclude(e.includes, 'banish');
  if (/ドローする/.test(rest)) addInclude(e.includes, 'draw');
  if (/無効にする|無効にし/.test(rest)) addInclude(e.includes, 'negate');
}

/** The lines before ①: "このカード名の①②の効果はそれぞれ１ターンに１度しか使用できない" and its kin. */
function applyHeader(header: string, effects: InferredEffect[], byClause: Map<number, InferredEffect[]>): void {
  for (const s of header.split('。')) {
    // 「[^」「]*[^」]」の: the same texts as 「[^」]+」の, without a retry from every 「 to the end.
    if (!/このカード名|「[^」「]*[^」]」の/.test(s) || !/１ターンに/.test(s)) continue;
    const numbers = [...s.matchAll(/[①-⑳]/g)].map((m) => CIRCLED.indexOf(m[0]));
    let which: InferredEffect[];
    if (/カードは１ターンに１枚/.test(s)) which = effects.filter((e) => e.kind === 'activation');
    else if (numbers.length) which = numbers.flatMap((n) => byClause.get(n) ?? []);
    else which = effects.filter((e) => e.kind !== 'continuous' && !(e.kind === 'activation' && e.sentence === ''));
    for (const e of which) e.oncePerTurn = 'name';
  }
}
