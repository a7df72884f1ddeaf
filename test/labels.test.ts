// Labels are defined once (server/src/core/labels.ts): for every category, kind of link, phase and
// zone met in the samples, the preview (the server's DTO through the client's view model), render and
// the hovers show the same words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import {
  actText,
  analyze,
  CATEGORY_LABELS,
  categoryText,
  LinkRole,
  LinkRoleName,
  phaseLabel,
  render,
  ROLE_LABELS,
  ZONE_LABELS,
  zoneLabel,
} from '../server/src/core/internal';
import { hover } from '../server/src/lsp/hover';
import { preview } from '../server/src/lsp/preview';
import { buildViewModel } from '../client/src/preview/model';
import { listFiles, repoRoot } from './helpers';
import * as path from 'path';

// The engine's roles and the labels' roles are the same set (both directions compile only if so).
const roleToName = (r: LinkRole): LinkRoleName => r;
const nameToRole = (r: LinkRoleName): LinkRole => r;
void roleToName;
void nameToRole;

const files = listFiles(path.join(repoRoot(), 'samples'), '.segoc');

test('labels: the preview, render and the hovers show the same words for every category, role and phase', () => {
  const seen = { categories: new Set<number>(), roles: new Set<string>(), phases: new Set<string>() };
  for (const file of files) {
    const uri = `file://${file}`;
    const analysis = analyze(fs.readFileSync(file, 'utf8'), { uri });
    const vm = buildViewModel(JSON.parse(JSON.stringify(preview(analysis, uri, 1))));
    const rendered = JSON.parse(render({ title: file, scenarios: analysis.scenarios }, 'json'));
    analysis.scenarios.forEach((sc, s) => {
      sc.chains.forEach((chain, c) => {
        const where = `${path.basename(file)} scenario ${sc.index} chain ${chain.index}`;
        const vmChain = vm.scenarios[s].chains[c];
        seen.phases.add(chain.phase);
        assert.equal(vmChain.phaseLabel, phaseLabel(chain.phase), `${where}: preview phase`);
        chain.links.forEach((link, l) => {
          const here = `${where} CL${link.position}`;
          seen.roles.add(link.role);
          if (link.category) seen.categories.add(link.category);
          const shown = categoryText(link.role, link.category, link.mandatory);
          const vmLink = vmChain.stack.find((x) => x.position === link.position)!;
          assert.equal(vmLink.categoryLabel, shown, `${here}: preview category`);
          assert.equal(rendered.scenarios[s].chains[c].links[l].categoryText, shown, `${here}: render category`);
          assert.equal(vmLink.roleLabel.toLowerCase(), ROLE_LABELS[link.role].toLowerCase(), `${here}: preview role`);
          const h = hover(analysis, link.range.start);
          const text = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
          assert.ok(text.includes(ROLE_LABELS[link.role]), `${here}: hover role "${ROLE_LABELS[link.role]}" in ${text.split('\n')[0]}`);
          if (link.category) assert.ok(text.includes(CATEGORY_LABELS[link.category]), `${here}: hover category`);
        });
      });
    });
  }
  assert.deepEqual([...seen.categories].sort(), [1, 2, 3, 4]);
  assert.deepEqual([...seen.roles].sort(), Object.keys(ROLE_LABELS).sort());
  assert.ok(seen.phases.size >= 4, `phases seen: ${[...seen.phases].join(', ')}`);
});

test('labels: "end of the Battle Phase" everywhere (the preview said "End-of-battle")', () => {
  assert.equal(phaseLabel('end-of-battle'), 'end of the Battle Phase');
});

test('labels: zones in the narrative are the labels\' zones, for every zone', () => {
  for (const zone of Object.keys(ZONE_LABELS)) {
    const text = actText({ kind: 'cannot-special-summon', card: 'X', from: zone as 'gy', zone: zone as 'gy' });
    assert.ok(text.includes(zoneLabel(zone)), `${zone}: ${text}`);
  }
});
