// What `npm run cards:accuracy` loads of the working tree's TypeScript (scripts/lib/load-ts.js bundles it):
// core, and the host's reader of the generated card library, in one bundle so that both share one core.
export * from '../../server/src/core/internal';
export { installGeneratedLibrary } from '../../server/src/host/generated-cards';
