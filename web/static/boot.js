// Starts the checker's worker while the editor's code (page.js, deferred) is still being fetched and
// parsed: the first check is ready sooner. page.js takes the worker from here (web/src/checker.ts).
'use strict';
window.segocWorker = new Worker('worker.js');
// The worker's error event fires once: one that comes before page.js listens (a missing worker.js
// fails at once) is kept for it, or the page would say "Checking…" for ever.
window.segocWorker.onerror = function (e) {
  window.segocWorkerError = e.message || 'worker.js could not be loaded';
};
