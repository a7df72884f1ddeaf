(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const body = document.body;
  const uri = body.getAttribute('data-uri') || '';
  const previous = vscode.getState();
  const state = { uri: uri, scrollY: 0 };
  if (previous && previous.uri === uri && typeof previous.scrollY === 'number') state.scrollY = previous.scrollY;
  vscode.setState(state);
  if (state.scrollY > 0) window.scrollTo(0, state.scrollY);

  let saveTimer;
  window.addEventListener('scroll', function () {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(function () {
      state.scrollY = Math.round(window.scrollY);
      vscode.setState(state);
    }, 100);
  }, { passive: true });

  function lineOf(el) {
    const line = Number(el.getAttribute('data-line'));
    return Number.isInteger(line) && line >= 0 ? line : -1;
  }
  function reveal(el) {
    const line = lineOf(el);
    if (line >= 0) vscode.postMessage({ type: 'reveal', line: line });
  }
  document.addEventListener('click', function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('summary')) return;
    if (window.getSelection && String(window.getSelection()).length > 0) return;
    const el = target.closest('[data-line]');
    if (el) reveal(el);
  });
  document.addEventListener('keydown', function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !target.matches('[data-line]')) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(target);
    }
  });

  function highlight(line) {
    let best = null;
    document.querySelectorAll('.link[data-line]').forEach(function (el) {
      const start = lineOf(el);
      const end = Number(el.getAttribute('data-end-line'));
      el.classList.remove('current');
      if (start >= 0 && line >= start && line <= (Number.isInteger(end) ? end : start)) best = el;
    });
    if (best) {
      best.classList.add('current');
      const r = best.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) best.scrollIntoView({ block: 'nearest' });
    }
  }
  window.addEventListener('message', function (event) {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'highlightLine' && Number.isInteger(message.line)) highlight(message.line);
  });
  vscode.postMessage({ type: 'ready' });
})();
