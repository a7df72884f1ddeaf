// The tests' generated card library: the one the CLI and the server install (host/generated-cards.ts),
// read from the source tree (server/cards/generated/). A test file that checks scenarios naming cards
// only the generated library knows imports this module.
import { GeneratedLibrary, generatedLibrary as installed } from '../server/src/core/internal';
import { installGeneratedLibrary } from '../server/src/host/generated-cards';

if (!installed()) installGeneratedLibrary();

/** The installed generated library. */
export function generatedLibrary(): GeneratedLibrary {
  const library = installed();
  if (!library) throw new Error('server/cards/generated/ was not found');
  return library;
}
