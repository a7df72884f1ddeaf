// R1: links are numbered 1, 2, 3 ... in the order they are activated.
import { defineRule } from './api';
import { S } from './sources';

export const numbering = defineRule({
  name: 'numbering',
  codes: {
    'chain-numbering': { rules: ['R1'], severity: 'error', summary: 'links not numbered 1..n in order' },
  },
  catalogue: [
  {
    id: 'R1',
    title: 'Chain structure and link numbers',
    tag: 'stable',
    tags: ['stable'],
    inForce: 'always',
    summary:
      'The first activation is Chain Link 1 and each later one takes the next number. A new link answers the link just below it and also the event Chain Link 1 answered; links are added only while the chain is being built.',
    sources: [S.S2, S.YC],
  },
  ],
  messages: {
    'chain-numbering': (p: { written: number; position: number }) =>
      `link numbered ${p.written} is chain link ${p.position}: links are numbered 1, 2, 3 ... in the order they are activated [R1]`,
  },
  check(chain, report) {
    const bad = chain.links.find((l) => l.stmt.number.value !== l.position);
    if (!bad) return;
    report.add(
      {
        code: 'chain-numbering',
        severity: 'error',
        message: report.text('chain-numbering', { written: bad.stmt.number.value, position: bad.position }),
        range: bad.stmt.number.range,
        rule: 'R1',
        link: bad.position,
        fix: [
          {
            title: 'Renumber the links 1..n',
            edits: chain.links.filter((l) => l.stmt.number.value !== l.position).map((l) => ({ range: l.stmt.number.range, newText: String(l.position) })),
            preferred: true,
          },
        ],
      },
      bad,
    );
  },
});
