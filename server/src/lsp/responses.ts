// Who can act at a point, as the language server shows it: the hover on a game action or a chain link, the preview's
// section per point, completion of the next link and the quick fix "add a legal response here" all read core's
// answer (core/responses); this file only puts it into Markdown.
import { ANSWER_MARKS, ANSWER_WORDS, optionName, optionWhy, PointAnswer } from '../core';
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
