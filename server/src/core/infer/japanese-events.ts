// From a Japanese activation condition to a phrase of segoc's event vocabulary (the same phrases
// as english-events.ts writes; see docs/language.md, Event vocabulary).
import { withinStretch } from './common';
import type { EventReading } from './english-events';

type Rule = [RegExp, string | ((m: RegExpExecArray) => string)];

const FROM: Record<string, string> = { フィールド: 'field', 手札: 'hand', デッキ: 'deck' };

const SELF: Rule[] = [
  [/このカードが(フィールド|手札|デッキ)から墓地へ送られた/, (m) => `sent to gy from ${FROM[m[1]]}`],
  [/このカードが戦闘で破壊され(て)?墓地へ送られた/, 'destroyed by battle and sent to gy'],
  [/このカードが(相手の)?(カードの)?効果で破壊され(て)?墓地へ送られた/, 'destroyed by card effect'],
  [/このカードが(戦闘・効果|効果・戦闘|戦闘または効果)?で?破壊され(て)?墓地へ送られた/, 'destroyed and sent to gy'],
  [/このカードが戦闘・効果で破壊された|このカードが効果・戦闘で破壊された/, 'destroyed'],
  [/このカードが戦闘で破壊された/, 'destroyed by battle'],
  [/このカードが(相手の)?(カードの)?効果で破壊された/, 'destroyed by card effect'],
  [/このカードが(相手によって)?破壊され(て)?墓地へ送られた/, 'destroyed and sent to gy'],
  [/このカードが(相手によって)?破壊された/, 'destroyed'],
  [withinStretch('このカードが', '、。', '素材(として|と(?:(?!素材と)[^、。])*(墓地へ送られた|なった|使用された|除外された))'), 'used as material'],
  [/このカードが(カードの)?効果で墓地へ送られた/, 'sent to gy by card effect'],
  [/このカードが墓地へ送られた/, 'sent to gy'],
  [/このカードが召喚・反転召喚・特殊召喚に成功した|このカードが召喚・特殊召喚に成功した|このカードが召喚・特殊召喚された/, 'summoned'],
  [/このカードがアドバンス召喚に成功した|このカードがアドバンス召喚された|このカードがアドバンス召喚した/, 'tribute summoned'],
  [/このカードが召喚に成功した|このカードが召喚された/, 'normal summoned'],
  [/このカードが反転召喚に成功した|このカードが反転召喚された/, 'flip summoned'],
  [/このカードが墓地からの特殊召喚に成功した|このカードが墓地から特殊召喚された/, 'special summoned from gy'],
  [withinStretch('このカードが', '\\s', '特殊召喚(?:に成功した|された)'), 'special summoned'],
  [/このカードが(シンクロ|エクシーズ|リンク|融合|儀式|ペンデュラム|[SXLP])召喚に成功した|このカードが(シンクロ|エクシーズ|リンク|融合|儀式|ペンデュラム|[SXLP])召喚された/, 'special summoned'],
  [/このカードがリバースした/, 'flipped'],
  [/このカードが(手札から)?捨てられた/, 'discarded'],
  [/このカードがリリースされた/, 'tributed'],
  [/このカードが除外された/, 'banished'],
  [/このカードが(デッキから|墓地から)?手札に加わった/, 'added to hand'],
  [/このカードが手札に戻った/, 'returned to hand'],
  [/このカードをドローした/, 'drawn'],
  [/このカードがエクストラデッキに戻った/, 'returned to extra deck'],
  [/このカードがフィールドから離れた/, 'leaves the field'],
  [/このカードが召喚・特殊召喚した|このカードが召喚・反転召喚・特殊召喚した/, 'summoned'],
  [/このカードが特殊召喚した/, 'special summoned'],
  [withinStretch('このカードが', '、。', '墓地へ送られた'), 'sent to gy'],
  [withinStretch('このカードが', '、。', '破壊された'), 'destroyed'],
  [withinStretch('このカードが', '、。', '除外された'), 'banished'],
  [withinStretch('このカードが', '、。', '手札に加わった'), 'added to hand'],
  [withinStretch('このカードが', '、。', '手札に戻った'), 'returned to hand'],
  [withinStretch('このカードが', '、。', 'リリースされた'), 'tributed'],
  [withinStretch('このカードが', '、。', '捨てられた'), 'discarded'],
  [withinStretch('このカードが', '、。', 'フィールドから離れた'), 'leaves the field'],
  [/このカードが攻撃対象に選択された|このカードが攻撃された/, 'attacked'],
  [/このカードが(戦闘で)?相手モンスターを(戦闘で)?破壊|このカードが戦闘でモンスターを破壊|このカードが戦闘で破壊したモンスター|このカードが相手モンスターを戦闘で破壊/, 'destroys a monster by battle'],
  [/このカードが相手に戦闘ダメージを与えた/, 'inflicts battle damage'],
  [/このカードが攻撃宣言した|このカードの攻撃宣言時/, 'declares an attack'],
  [/このカードが(相手モンスターと)?戦闘を行/, 'battles'],
];

const ACTIVATION: Rule[] = [
  [/相手が(魔法・罠・モンスターの効果|カードの効果|モンスターの効果・魔法・罠カード)を発動した/, 'opponent activates a card or effect'],
  [/相手がモンスターの効果を発動した/, 'opponent activates a monster effect'],
  [/相手が魔法・罠カードを発動した/, 'opponent activates a spell or trap card'],
  [/相手が魔法カードを発動した/, 'opponent activates a spell card'],
  [/相手が罠カードを発動した/, 'opponent activates a trap card'],
  [/フィールドのモンスターの効果が発動した(時|場合)?、?または.*表側表示で存在(している|する)魔法・罠カードの効果が発動した/, 'effect activated on the field'],
  [/モンスターの効果・魔法・罠カードが発動した/, 'monster effect or spell or trap card activated'],
  [/魔法・罠・モンスターの効果が発動した|カードの効果が発動した/, 'card or effect activated'],
  [/モンスターの効果が発動した/, 'monster effect activated'],
  [/魔法・罠カードの効果が発動した/, 'spell or trap activated'],
  [/魔法・罠カードが発動した/, 'spell or trap card activated'],
  [/魔法カードの効果が発動した/, 'spell activated'],
  [/魔法カードが発動した/, 'spell card activated'],
  [/罠カードの効果が発動した/, 'trap activated'],
  [/罠カードが発動した/, 'trap card activated'],
];

const PLAYER: Rule[] = [
  [/相手モンスターの直接攻撃宣言時|相手モンスターが直接攻撃/, 'opponent declares direct attack'],
  [/相手モンスターの攻撃宣言時|相手モンスターが攻撃宣言した|相手が攻撃宣言した/, 'opponent declares an attack'],
  [/攻撃宣言時|モンスターが攻撃宣言した/, 'an attack is declared'],
  [/自分が戦闘ダメージを受けた/, 'you take battle damage'],
  [/自分が(効果)?ダメージを受けた/, 'you take damage'],
  [/相手が戦闘ダメージを受けた|相手に戦闘ダメージを与えた/, 'opponent takes battle damage'],
  [/相手がモンスターの召喚・特殊召喚に成功した|相手がモンスターを召喚・特殊召喚した/, 'opponent summons a monster'],
  [/相手がモンスターの特殊召喚に成功した|相手がモンスターを特殊召喚した|相手フィールドにモンスターが特殊召喚された/, 'opponent special summons a monster'],
  [/相手がモンスターの召喚に成功した|相手がモンスターを召喚した/, 'opponent normal summons a monster'],
  [/モンスターを?(が)?召喚・反転召喚・特殊召喚(する|される)際/, 'summon'],
  [/モンスターを?(が)?特殊召喚(する|される)際/, 'special summon'],
  [/モンスターを?(が)?召喚(する|される)際/, 'normal summon'],
];

const ATTRIBUTE: Record<string, string> = { 闇: 'dark', 光: 'light', 地: 'earth', 水: 'water', 炎: 'fire', 風: 'wind', 神: 'divine' };

const OTHER_VERBS: Rule[] = [
  [/戦闘で破壊された/, 'destroyed by battle'],
  [/効果で破壊された/, 'destroyed by card effect'],
  [/破壊された/, 'destroyed'],
  [/墓地へ送られた/, 'sent to gy'],
  [/除外された/, 'banished'],
  [/召喚・特殊召喚に成功した|召喚・特殊召喚された/, 'summoned'],
  [/アドバンス召喚に成功した|アドバンス召喚された/, 'tribute summoned'],
  [/特殊召喚に成功した|特殊召喚された/, 'special summoned'],
  [/召喚に成功した|召喚された/, 'normal summoned'],
  [/手札に加わった/, 'added to hand'],
  [/リリースされた/, 'tributed'],
  [/捨てられた/, 'discarded'],
];

function first(rules: Rule[], s: string): string | undefined {
  for (const [re, out] of rules) {
    const m = re.exec(s);
    if (m) return typeof out === 'string' ? out : out(m);
  }
  return undefined;
}

/** The event of a Japanese activation condition, or undefined when it names none. */
export function japaneseEvent(condition: string): EventReading | undefined {
  const s = condition;
  const a = first(ACTIVATION, s);
  if (a) return { phrase: a };
  const p = first(PLAYER, s);
  if (p) return { phrase: p };
  const self = first(SELF, s);
  if (self) return { phrase: self, note: /相手の効果|相手によって/.test(s) ? 'only by the opponent (not in the vocabulary; assumed)' : undefined };
  // The subject and the verb are bounded (the longest in the card pool are under 30 characters): unbounded, the
  // pattern is tried from every character and scans to the end of the sentence each time (quadratic).
  const other = /(自分フィールドの|相手フィールドの|フィールドの|自分の|相手の|自分の墓地の)?(表側表示の)?([^、。がをはに]{0,60}?)(モンスター|カード|魔法・罠カード|魔法カード|罠カード)が([^、。]{0,60}?)(た)(時|場合)/.exec(s);
  if (other && !other[3].endsWith('この')) {
    const verb = first(OTHER_VERBS, other[5] + 'た');
    if (verb) {
      const words: string[] = [];
      if (other[2]) words.push('face-up');
      const attr = /(闇|光|地|水|炎|風|神)属性/.exec(other[3]);
      if (attr) words.push(ATTRIBUTE[attr[1]]);
      words.push(other[4] === 'モンスター' ? 'monster' : other[4] === 'カード' ? 'card' : other[4] === '魔法カード' ? 'spell' : other[4] === '罠カード' ? 'trap' : 'spell or trap');
      if (other[1] === '自分フィールドの' || other[1] === '自分の') words.push('you control');
      if (other[1] === '相手フィールドの' || other[1] === '相手の') words.push('your opponent controls');
      const filter = words.join(' ');
      return { phrase: `${/^[aeiou]/.test(filter) ? 'an' : 'a'} ${filter} is ${verb}`, note: other[3] && !attr ? `the event's subject is narrower than the vocabulary says (${other[3]})` : undefined };
    }
  }
  return undefined;
}

/** The phase time of a phase-timed condition, or undefined. */
export function japanesePhase(s: string): string | undefined {
  if (/バトルフェイズ終了時/.test(s)) return 'at end of battle phase';
  const m = /(自分|相手|お互いの|各)?(の)?(スタンバイ|エンド|ドロー)フェイズ(に|の|毎|時(?!まで))/.exec(s);
  if (!m) return undefined;
  const phase = m[3] === 'スタンバイ' ? 'standby' : m[3] === 'エンド' ? 'end' : 'draw';
  if (phase === 'draw') return 'during your draw phase';
  const whose = m[1] === '自分' ? 'your' : m[1] === '相手' ? "your opponent's" : m[1] ? 'each' : 'the';
  return `during ${whose} ${phase} phase`;
}
