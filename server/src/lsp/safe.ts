// Every handler runs through these wrappers: an exception is logged and answered as a ResponseError,
// never a crash of the server.
import { Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';

export function describeError(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return String(e);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResponseError = ResponseError<any>;

/** Wraps a request handler. */
export function safeRequest<P extends unknown[], R>(
  connection: Connection,
  name: string,
  handler: (...args: P) => R | Promise<R>,
): (...args: P) => Promise<R | AnyResponseError> {
  return async (...args: P) => {
    try {
      return await handler(...args);
    } catch (e) {
      if (e instanceof ResponseError) return e as AnyResponseError;
      connection.console.error(`segoc: ${name} failed: ${describeError(e)}`);
      return new ResponseError(ErrorCodes.InternalError, `segoc: ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
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
