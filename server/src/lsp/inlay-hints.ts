// Inlay hints at the end of each chain link: its SEGOC category (batch triggers), Spell Speed and
// when it resolves — `cat 2 · SS1 · resolves 3rd`, `SS2 · resolves 1st`.
import { InlayHint, InlayHintKind, MarkupKind } from 'vscode-languageserver/node';
import { Analysis, ChainResult, LinkResult, ordinal, Range } from '../core';
import { toPosition } from './convert';

export function linkHintLabel(link: LinkResult): string {
  const parts: string[] = [];
  if (link.category) parts.push(`cat ${link.category}`);
  parts.push(`SS${link.spellSpeed}`);
  if (link.resolution) {
    const r = link.resolution;
    parts.push(`resolves ${ordinal(r.order)}${r.status === 'negated' ? ' (negated)' : ''}`);
  }
  if (!link.legal && link.codes.length) parts.push(`✗ ${link.codes.join(', ')}`);
  return parts.join(' · ');
}

export function inlayHints(analysis: Analysis, range: Range): InlayHint[] {
  const out: InlayHint[] = [];
  for (const sc of analysis.scenarios) {
    if (sc.range.end.line < range.start.line || sc.range.start.line > range.end.line) continue;
    for (const chain of sc.chains) {
      for (const link of chain.links) {
        const at = link.range.end;
        if (at.line < range.start.line || at.line > range.end.line) continue;
        out.push({
          position: toPosition(at),
          label: linkHintLabel(link),
          kind: InlayHintKind.Type,
          paddingLeft: true,
          tooltip: { kind: MarkupKind.Markdown, value: tooltip(link, chain) },
        });
      }
    }
  }
  return out;
}

function tooltip(link: LinkResult, chain: ChainResult): string {
  const lines = [`CL${link.number} of chain ${chain.index}: ${link.categoryLabel ?? link.role}, Spell Speed ${link.spellSpeed}`];
  if (link.resolution) lines.push(`resolves ${ordinal(link.resolution.order)} of ${chain.links.length}`);
  return lines.join('\n\n');
}
