// The language server's entry point (bundled into dist/server.js). `createConnection` reads the
// transport from the command line: --stdio, --node-ipc or --socket=<port>.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { installGeneratedLibrary } from '../host/generated-cards';
import { describeError } from './safe';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all);

// Last line of defence: a bug must cost one answer, never the server.
process.on('uncaughtException', (e) => connection.console.error(`segoc: uncaught exception: ${describeError(e)}`));
process.on('unhandledRejection', (e) => connection.console.error(`segoc: unhandled rejection: ${describeError(e)}`));

// Every released card (read on the first lookup that reaches it; a broken install is said in the output).
installGeneratedLibrary((message) => connection.console.error(message));
startServer(connection);
connection.listen();
