// The `segoc.*` settings the server reads (workspace/configuration, section "segoc").
export interface Settings {
  /** When diagnostics are computed: as you type, or when the file is saved. */
  validate: 'onType' | 'onSave';
  /** The ruleset of scenarios without a `rules` line. */
  defaultRuleset: 'tcg' | 'ocg';
  /** Every assumption is an error (`--strict` of the CLI; a project's `"strict": true` also turns it on). */
  strict: boolean;
  inlayHints: { enabled: boolean };
}

export const DEFAULT_SETTINGS: Settings = {
  validate: 'onType',
  defaultRuleset: 'tcg',
  strict: false,
  inlayHints: { enabled: true },
};

/** Reads whatever the client sends (possibly nothing, possibly nonsense) into valid settings. */
export function readSettings(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // Accept both the nested form and dotted keys (`inlayHints.enabled`).
  const hints = (r.inlayHints && typeof r.inlayHints === 'object' ? r.inlayHints : {}) as Record<string, unknown>;
  const hintsEnabled = typeof hints.enabled === 'boolean' ? hints.enabled : typeof r['inlayHints.enabled'] === 'boolean' ? (r['inlayHints.enabled'] as boolean) : true;
  const validate = typeof r.validate === 'string' && r.validate.toLowerCase() === 'onsave' ? 'onSave' : 'onType';
  const ruleset = typeof r.defaultRuleset === 'string' && r.defaultRuleset.trim().toLowerCase() === 'ocg' ? 'ocg' : 'tcg';
  const strict = r.strict === true;
  return { validate, defaultRuleset: ruleset, strict, inlayHints: { enabled: hintsEnabled } };
}
