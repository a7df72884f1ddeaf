// Starts the checker's worker while the editor's code (page.js, deferred) is still being fetched and
// parsed: the first check is ready sooner. page.js takes the worker from here (web/src/checker.ts).
'use strict';
window.segocWorker = new Worker('worker.js');
