// Every handler runs through these wrappers: an exception is logged and answered as a ResponseError,
// never a crash of the server.
import { Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { RequestGate } from './pacing';

export function describeError(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return String(e);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResponseError = ResponseError<any>;

/**
 * What the params of each request must hold (dotted paths), by the names the server registers them
 * under. A request without them breaks the protocol: it is answered InvalidParams, and nothing is
 * logged (it is the client's mistake, not the server's).
 */
const REQUIRED_PARAMS: Record<string, string[]> = {
  diagnostics: ['textDocument.uri'],
  hover: ['textDocument.uri', 'position'],
  completion: ['textDocument.uri', 'position'],
  'completion resolve': [],
  definition: ['textDocument.uri', 'position'],
  references: ['textDocument.uri', 'position'],
  documentSymbol: ['textDocument.uri'],
  foldingRange: ['textDocument.uri'],
  prepareRename: ['textDocument.uri', 'position'],
  rename: ['textDocument.uri', 'position', 'newName'],
  formatting: ['textDocument.uri'],
  codeAction: ['textDocument.uri', 'range', 'context'],
  semanticTokens: ['textDocument.uri'],
  'semanticTokens/range': ['textDocument.uri', 'range'],
  inlayHint: ['textDocument.uri', 'range'],
};

/** The first required field that `params` lacks, or undefined when it has them all. */
export function missingParam(name: string, params: unknown): string | undefined {
  const required = REQUIRED_PARAMS[name];
  if (!required) return undefined;
  if (params === null || typeof params !== 'object') return 'params';
  for (const p of required) {
    let v: unknown = params;
    for (const key of p.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    if (v === undefined || v === null || (p.endsWith('uri') && typeof v !== 'string')) return p;
  }
  return undefined;
}

/** The gate every request passes (lsp/pacing.ts), when the transport is paced. */
let gate: RequestGate | undefined;

/** From now on, requests are handled no faster than their answers are written. */
export function paceRequests(g: RequestGate): void {
  gate = g;
}

/** Wraps a request handler. */
export function safeRequest<P extends unknown[], R>(
  connection: Connection,
  name: string,
  handler: (...args: P) => R | Promise<R>,
): (...args: P) => Promise<R | AnyResponseError> {
  return async (...args: P) => {
    const missing = missingParam(name, args[0]);
    if (missing) return new ResponseError(ErrorCodes.InvalidParams, `segoc: ${name}: the request's params have no ${missing}`) as AnyResponseError;
    const paced = gate;
    if (paced) await paced.enter();
    try {
      return await handler(...args);
    } catch (e) {
      if (e instanceof ResponseError) return e as AnyResponseError;
      connection.console.error(`segoc: ${name} failed: ${describeError(e)}`);
      return new ResponseError(ErrorCodes.InternalError, `segoc: ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      paced?.done();
    }
  };
}

/** Wraps a notification handler (nothing to answer: the error is logged). */
export function safeNotification<P extends unknown[]>(connection: Connection, name: string, handler: (...args: P) => unknown): (...args: P) => void {
  return (...args: P) => {
    try {
      const r = handler(...args);
      if (r && typeof (r as Promise<unknown>).then === 'function') {
        (r as Promise<unknown>).catch((e) => connection.console.error(`segoc: ${name} failed: ${describeError(e)}`));
      }
    } catch (e) {
      connection.console.error(`segoc: ${name} failed: ${describeError(e)}`);
    }
  };
}
