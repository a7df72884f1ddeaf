// The generated card library's manifest, read the same way by the Node host (generated-cards.ts) and the
// Web Worker (web/generated-cards.ts): plain JSON, no I/O.

/** The sources' commits and dates from the manifest: `yaml-yugi 3469970 (2026-08-22), CardScripts ...`. */
export function sourcesOf(manifestText: string): string {
  const manifest = JSON.parse(manifestText) as { sources?: Record<'texts' | 'scripts', { commit?: string; date?: string }> };
  const version = (s: { commit?: string; date?: string } | undefined, name: string) => `${name} ${String(s?.commit).slice(0, 7)} (${String(s?.date).slice(0, 10)})`;
  return manifest.sources ? `${version(manifest.sources.texts, 'yaml-yugi')}, ${version(manifest.sources.scripts, 'CardScripts')}` : '';
}
