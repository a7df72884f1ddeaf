// The public surface of core. The server, the CLI and the tests import from here only.
export { analyze } from './analyze';
export type { Analysis, AnalyzeOptions, UseFile } from './analyze';
export { parse } from './syntax/parser';
export type { ParseResult } from './syntax/parser';
export * from './syntax/ast';
export type { Token, Comment, LogicalLine } from './syntax/lexer';
export { lex } from './syntax/lexer';
export * from './diagnostics';
export * from './text';
export { CardIndex, buildLayer, libraryCards, libraryProblems, libraryFileText } from './cards';
export type { CardSource } from './cards';
export * from './cards/model';
export * from './engine/results';
export { describeRules, rulesInForce, RULE_DATES } from './engine/rulesets';
export type { Ruleset, RulesInForce } from './engine/rulesets';
export type { Reference } from './engine/resolve-names';
export { formatDocument } from './format';
