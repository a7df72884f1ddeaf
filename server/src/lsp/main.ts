// The language server's entry point (bundled into dist/server.js). `createConnection` reads the
// transport from the command line: --stdio, --node-ipc or --socket=<port>.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { installGeneratedLibrary } from '../host/generated-cards';
import { inspect } from 'util';
import { pacedTransport, RequestGate } from './pacing';
import { describeError, paceRequests } from './safe';
import { startServer } from './server';

// The answers are written no faster than the client reads them (lsp/pacing.ts).
const gate = new RequestGate();
const transport = pacedTransport(process.argv.slice(2), gate);
// A stream input with a writer: the overloads do not name the mix, vscode-languageserver takes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const connection = transport ? createConnection(ProposedFeatures.all, transport.input as any, transport.output as any) : createConnection(ProposedFeatures.all);
if (transport) paceRequests(gate);
// stdout carries the protocol: what a library would print goes to the client's log instead (as
// vscode-languageserver does itself when it reads --stdio from the command line).
if (transport?.stdio) {
  const say = (...args: unknown[]) => connection.console.log(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
  console.log = console.info = console.debug = say;
  console.warn = console.error = (...args: unknown[]) => connection.console.error(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
}

// Last line of defence: a bug must cost one answer, never the server.
process.on('uncaughtException', (e) => connection.console.error(`segoc: uncaught exception: ${describeError(e)}`));
process.on('unhandledRejection', (e) => connection.console.error(`segoc: unhandled rejection: ${describeError(e)}`));

// Every released card (read on the first lookup that reaches it; a broken install is said in the output).
installGeneratedLibrary((message) => connection.console.error(message));
startServer(connection);
connection.listen();
