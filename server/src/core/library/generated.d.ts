// The type of the module scripts/build.js writes beside this file (generated.ts, git-ignored: the curated library's
// .segoc files and the corrections' .json files). Committed so that a fresh clone type-checks before its first build; once generated.ts exists the
// compiler reads it instead (a .ts file wins over the .d.ts of the same name).
export declare const LIBRARY_FILES: ReadonlyArray<{ path: string; text: string }>;
export declare const CORRECTION_FILES: ReadonlyArray<{ path: string; text: string }>;
export declare const CURATED_KONAMI_IDS: Readonly<Record<string, number>>;
