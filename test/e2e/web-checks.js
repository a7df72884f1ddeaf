// The playground (dist/web/, `npm run build:web`) from a local static server in headless Chromium:
//   (1) the page checks its scenario: the chain view and no console errors (the CSP blocks nothing)
//   (2) typing an illegal chain gives the segoc-order diagnostic in the editor and in the chain view
//   (3) a hover on a card name, completion of a card name, the quick fix that reorders the chain
//   (4) a share link opens the same text with the same verdict; copy as Markdown gives block and table
//   (5) a hostile share link (<script>, <img onerror>) runs nothing and is shown as text
//   (6) the examples, both themes (screenshots), and the page again with the network off
// Run by test/e2e/run.js: `SEGOC_E2E_ONLY=web SEGOC_E2E_SKIP_SETUP=1 npm run test:e2e` builds the site
// and runs this part alone.
'use strict';

const fs = require('fs');
const path = require('path');
const { launchBrowser } = require('./codeserver');
const { startStaticServer } = require('../../scripts/lib/static-server');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = path.join(ROOT, 'dist', 'web');
const RESULTS = path.join(ROOT, 'test-results');

// The page opens with the README's example (Dark Hole, then Sangan and Peten on both sides, legal). The
// test keeps it up to its second chain's CL1 and types the rest key by key, wrongly: category 3 (Yugi's
// optional Peten) below category 2 (Kaiba's mandatory Sangan).
const SECOND_LINK = '    2 Kaiba "Sangan"';
const ILLEGAL_TYPED = `    2 Yugi "Peten the Dark Clown"\n    3 Kaiba "Sangan"\n`;

/** The fragment for `text`, made with the page's own encoder. */
function fragmentIn(page, text) {
  return page.evaluate(async (t) => {
    const bytes = new TextEncoder().encode(t);
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const packed = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = '';
    for (const b of packed) binary += String.fromCharCode(b);
    return 's=' + btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }, text);
}

/** Waits until the editor's diagnostics and the chain view are of the latest text. */
async function checked(page, { timeout = 20000 } = {}) {
  await page.waitForFunction(() => {
    const s = window.segocPlayground;
    return s && s.checkedVersion === s.version && document.getElementById('preview').dataset.version === String(s.version);
  }, null, { timeout });
}

async function libraryLoaded(page) {
  await page.waitForFunction(() => window.segocPlayground && window.segocPlayground.library !== 'loading', null, { timeout: 30000 });
  await checked(page);
}

async function setEditorText(page, text) {
  await page.evaluate((t) => {
    const view = window.segocPlayground.view;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
  }, text);
}

const editorText = (page) => page.evaluate(() => window.segocPlayground.view.state.doc.toString());
const verdicts = (page) => page.$$eval('#preview .scenario .badge', (els) => els.map((e) => e.textContent.trim()));

async function runWebChecks({ report, log }) {
  if (!fs.existsSync(path.join(SITE, 'index.html'))) {
    report('dist/web/ is built', false, 'no dist/web/index.html: run npm run build:web');
    return;
  }
  const server = await startStaticServer(SITE);
  log(`static server ${server.url} (dist/web/)`);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Every CSP refusal of every page, whether or not the browser also logs it.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleErrors = [];
  const dialogs = [];
  context.on('page', (p) => {
    p.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    p.on('pageerror', (e) => consoleErrors.push(e.message));
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  });
  const check = async (name, fn) => {
    try {
      const detail = await fn();
      report(name, true, detail);
    } catch (e) {
      report(name, false, e && e.message ? e.message.split('\n').slice(0, 6).join('\n') : String(e));
      try {
        const pages = context.pages();
        if (pages.length) await pages[pages.length - 1].screenshot({ path: path.join(RESULTS, `web-failure-${name.replace(/\W+/g, '-').slice(0, 40)}.png`) });
      } catch {
        /* the report says enough */
      }
    }
  };
  try {
    const page = await context.newPage();
    let illegalHead = '';
    await check('playground: the page checks its scenario and shows the chain view', async () => {
      await page.goto(server.url);
      await checked(page);
      const text = await editorText(page);
      if (!text.includes(SECOND_LINK)) throw new Error(`the page opens with another scenario:\n${text}`);
      illegalHead = text.slice(0, text.indexOf(SECOND_LINK));
      const chains = await page.$$eval('#preview .chain', (els) => els.length);
      if (chains < 2) throw new Error(`the chain view shows ${chains} chains`);
      const v = await verdicts(page);
      if (!v.some((x) => x.includes('Legal'))) throw new Error(`verdict badges: ${v.join(' | ')}`);
      // Long `source` lines wrap in the half-width pane; the footer names the keys of fixes and completion.
      if (!(await page.$('.cm-content.cm-lineWrapping'))) throw new Error('the editor does not wrap long lines');
      if (!/Shift\+M problems and their fixes/.test(await page.textContent('.page-status .keys'))) throw new Error('no keys in the footer');
      return `${chains} chains, ${v.join(', ')}`;
    });
    await check('playground: the CSP is in place and the page logs no error', async () => {
      await libraryLoaded(page);
      const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      if (!/script-src 'self'/.test(csp) || /unsafe-eval|unsafe-inline/.test(csp) || !/style-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/.test(csp)) throw new Error(`CSP: ${csp}`);
      // CodeMirror's styles come in through its one nonce'd <style> element: refused, the editor would be unstyled.
      const styles = await page.evaluate(() => ({
        unsigned: [...document.querySelectorAll('style')].filter((s) => !s.nonce).length,
        editor: getComputedStyle(document.querySelector('.cm-editor')).display,
        violations: window.__cspViolations,
      }));
      if (styles.unsigned || styles.editor !== 'flex' || styles.violations.length) throw new Error(`styles: ${JSON.stringify(styles)}`);
      if (consoleErrors.length) throw new Error(`console: ${consoleErrors.join(' / ')}`);
      return `style-src without 'unsafe-inline'; library ${await page.evaluate(() => window.segocPlayground.library)}`;
    });
    await check('playground: typing an illegal chain shows segoc-order in the editor and the chain view', async () => {
      await setEditorText(page, illegalHead);
      await page.click('.cm-content');
      await page.keyboard.press('Control+End');
      // The first line with its indentation; Enter keeps it for the next ones.
      for (const [i, line] of ILLEGAL_TYPED.trimEnd().split('\n').entries()) {
        await page.keyboard.type(i === 0 ? line : line.trim(), { delay: 15 });
        await page.keyboard.press('Escape'); // the completion list, if open, would take the Enter
        await page.keyboard.press('Enter');
      }
      await checked(page);
      await page.waitForSelector('.cm-lintRange-error', { timeout: 10000 });
      const marked = await page.$$eval('.cm-lintRange-error', (els) => els.map((e) => e.textContent).join(' | '));
      const diag = await page.$$eval('#preview .diag', (els) => els.map((e) => e.textContent).join(' | '));
      if (!/segoc-order/.test(diag)) throw new Error(`chain view problems: ${diag}`);
      const illegal = await page.$$eval('#preview .link.illegal', (els) => els.length);
      if (!illegal) throw new Error('no link shown as illegal');
      const v = await verdicts(page);
      if (!v.some((x) => x.includes('Illegal'))) throw new Error(`verdict badges: ${v.join(' | ')}`);
      await page.screenshot({ path: path.join(RESULTS, 'web-illegal.png') });
      return `squiggle on ${marked.trim()}; ${v.join(', ')}`;
    });
    await check('playground: hover on a card name describes the card', async () => {
      const name = page.locator('.cm-line', { hasText: '3 Kaiba "Sangan"' }).locator('text=Sangan').first();
      await name.hover();
      const tip = await page.waitForSelector('.cm-tooltip-hover .md', { timeout: 10000 });
      const text = (await tip.textContent()).trim();
      if (!/Sangan/.test(text)) throw new Error(`hover: ${text.slice(0, 200)}`);
      await page.mouse.move(5, 5);
      return text.slice(0, 80);
    });
    await check('playground: the quick fix reorders the chain into a legal one', async () => {
      await page.evaluate(() => {
        // The lint panel (Ctrl-Shift-m) lists every diagnostic with its fixes' buttons.
        window.segocPlayground.view.focus();
      });
      await page.keyboard.press('Control+Shift+M');
      const button = page.locator('.cm-panel.cm-panel-lint button.cm-diagnosticAction', { hasText: /reorder|order/i }).first();
      await button.waitFor({ timeout: 10000 });
      const title = await button.textContent();
      await button.click();
      await checked(page);
      const v = await verdicts(page);
      if (!v.some((x) => x.includes('Legal'))) throw new Error(`after "${title}": ${v.join(' | ')}`);
      await page.keyboard.press('Escape');
      return `"${title}" -> ${v[0]}`;
    });
    await check('playground: completion offers card names from the curated and the generated library', async () => {
      // A fourth link at the end of the chain: the card name is being typed. Ash Blossom is a curated card;
      // Gem-Knight Master Diamond is only in the generated library (dist/web/cards/), fetched after the first check.
      const offered = async (typed, last) => {
        await page.evaluate((t) => {
          const view = window.segocPlayground.view;
          const text = `${view.state.doc.toString().replace(/(\n[ \t]*4 Kaiba "[^\n]*)?\s*$/, '')}\n    4 Kaiba "${t}`;
          view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: text.length } });
          view.focus();
        }, typed);
        await page.keyboard.type(last, { delay: 20 });
        const list = await page.waitForSelector('.cm-tooltip-autocomplete', { timeout: 10000 });
        const items = (await list.textContent()).trim();
        await page.keyboard.press('Escape');
        return items;
      };
      await libraryLoaded(page);
      const curated = await offered('Ash Blo', 's');
      if (!/Ash Blossom/.test(curated)) throw new Error(`completion: ${curated.slice(0, 200)}`);
      const generated = await offered('Gem-Knight Master Di', 'a');
      if (!/Gem-Knight Master Diamond/.test(generated)) throw new Error(`completion: ${generated.slice(0, 200)}`);
      return `${curated.slice(0, 30)} | ${generated.slice(0, 40)}`;
    });

    let shareUrl = '';
    let sharedText = '';
    let sharedVerdicts = [];
    await check('playground: a share link opens the same text with the same verdict', async () => {
      await setEditorText(page, illegalHead + ILLEGAL_TYPED);
      await checked(page);
      sharedText = await editorText(page);
      sharedVerdicts = await verdicts(page);
      await page.click('#share');
      await page.waitForFunction(() => location.hash.startsWith('#s='));
      shareUrl = await page.evaluate(() => location.href);
      // The box is sized to the link, not eight empty rows pushing the editor down.
      const rows = await page.$eval('#output-text', (a) => a.rows);
      if (rows > 3) throw new Error(`the link's box has ${rows} rows`);
      const other = await context.newPage();
      await other.goto(shareUrl);
      await checked(other);
      const text = await editorText(other);
      const v = await verdicts(other);
      await other.close();
      if (text !== sharedText) throw new Error('the opened link shows another text');
      if (JSON.stringify(v) !== JSON.stringify(sharedVerdicts)) throw new Error(`verdicts ${v.join(', ')} vs ${sharedVerdicts.join(', ')}`);
      return `${shareUrl.length} characters of URL; ${v.join(', ')}`;
    });
    await check('playground: copy as Markdown gives the page block and the rendered table', async () => {
      await page.click('#copy-markdown');
      // The output may still show the share link of the check before: wait for the checker's answer (it may be busy
      // with the preview's who-can-act section first).
      await page.waitForFunction(() => !document.getElementById('output').hidden && document.getElementById('output-title').textContent.startsWith('Markdown'));
      const out = await page.inputValue('#output-text');
      if (!out.startsWith('```segoc\n') || !out.includes(sharedText) || !/\n\|.*\|/.test(out)) throw new Error(out.slice(0, 300));
      await page.click('#output-close');
      return `${out.split('\n').length} lines`;
    });
    await check('playground: a share link of Japanese names opens them unchanged', async () => {
      const japanese = 'scenario "《灰流うらら》の無効"\n  players 遊戯, 海馬\n  turn 遊戯\n  chain\n    1 遊戯 "サンダー・ボルト"\n    2 海馬 "灰流うらら"\n';
      const other = await context.newPage();
      await other.goto(`${server.url}#${await fragmentIn(page, japanese)}`);
      await checked(other);
      const text = await editorText(other);
      const shown = await other.textContent('#preview');
      await other.close();
      if (text !== japanese) throw new Error(`the editor holds ${JSON.stringify(text.slice(0, 80))}`);
      if (!shown.includes('《灰流うらら》の無効')) throw new Error('the chain view does not show the title');
      return 'text and title unchanged';
    });
    await check('playground: a long scenario gets a link with a note on its length; one too long for a link gets none', async () => {
      const seeds = fs.readdirSync(path.join(ROOT, 'samples', 'seeds')).map((f) => fs.readFileSync(path.join(ROOT, 'samples', 'seeds', f), 'utf8')).join('\n');
      await setEditorText(page, seeds);
      await checked(page);
      await page.click('#share');
      await page.waitForFunction(() => /characters: chat apps/.test(document.getElementById('output-note').textContent));
      const longUrl = await page.evaluate(() => location.href);
      const other = await context.newPage();
      await other.goto(longUrl);
      await checked(other);
      const same = (await editorText(other)) === seeds;
      await other.close();
      if (!same) throw new Error(`a ${longUrl.length}-character link opens another text`);
      // Words drawn at random hardly compress: the packed text is longer than a link may be.
      let seed = 7;
      const word = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26))).join('');
      const noise = Array.from({ length: 40000 }, (_, i) => `# ${word()}${i % 8 === 7 ? '\n' : ' '}`).join('');
      await setEditorText(page, noise);
      await checked(page, { timeout: 60000 });
      await page.click('#share');
      await page.waitForFunction(() => /too long for a link/.test(document.getElementById('output-note').textContent));
      const after = await page.evaluate(() => ({ hash: location.hash, area: document.getElementById('output-text').hidden }));
      await page.click('#output-close');
      if (after.hash !== new URL(longUrl).hash || !after.area) throw new Error(`the address changed or a link was shown: ${JSON.stringify(after).slice(0, 100)}`);
      return `${longUrl.length}-character link opens the same text; ${noise.length.toLocaleString('en')} characters of noise: no link`;
    });
    await check('playground: a hostile share link runs nothing and shows its text as text', async () => {
      const hostile =
        `scenario "<script>window.__pwned = 1</script><img src=x onerror=\\"window.__pwned = 2\\">"\n` +
        `  players Yugi, Kaiba\n  turn Yugi\n  chain\n    1 Yugi "<img src=x onerror=window.__pwned=3>" -> destroy all monsters\n` +
        `# </textarea><svg onload=window.__pwned=4>\n`;
      const fragment = await fragmentIn(page, hostile);
      const other = await context.newPage();
      await other.goto(`${server.url}#${fragment}`);
      await checked(other);
      await other.waitForTimeout(300);
      const pwned = await other.evaluate(() => window.__pwned);
      const injected = await other.$$eval('#preview img, #preview script, #preview svg, .cm-content img, .cm-content script, .cm-content svg', (els) => els.length);
      const shown = await other.textContent('#preview');
      const text = await editorText(other);
      await other.close();
      if (pwned !== undefined) throw new Error(`the link ran code (window.__pwned = ${pwned})`);
      if (dialogs.length) throw new Error(`dialogs: ${dialogs.join(' / ')}`);
      if (injected) throw new Error(`${injected} elements made from the scenario's text`);
      if (!shown.includes('<script>window.__pwned = 1</script>')) throw new Error('the title is not shown as text');
      if (text !== hostile) throw new Error('the editor does not hold the link text');
      return 'no script ran, no element injected, the text shown literally';
    });
    await check('playground: a damaged share link opens the page and says it holds no scenario', async () => {
      const other = await context.newPage();
      await other.goto(`${server.url}#s=AAAA-damaged`);
      await checked(other);
      const status = await other.textContent('#status');
      if (!/holds no scenario/.test(status)) throw new Error(`status: ${status}`);
      // Links put in the address of the open page: a good one opens its text, a damaged one is said.
      const good = 'scenario "a link for the open page"\n  players Yugi, Kaiba\n';
      const fragment = await fragmentIn(other, good);
      await other.evaluate(() => { document.getElementById('status').textContent = ''; });
      await other.evaluate((f) => { location.hash = f; }, fragment);
      await other.waitForFunction((t) => window.segocPlayground.view.state.doc.toString() === t, good, { timeout: 10000 });
      await checked(other);
      await other.evaluate(() => { location.hash = 's=BBBB-damaged-too'; });
      await other.waitForFunction(() => /holds no scenario/.test(document.getElementById('status').textContent), null, { timeout: 10000 });
      const kept = (await editorText(other)) === good;
      await other.close();
      if (!kept) throw new Error('a damaged link changed the text');
      return status.slice(0, 70);
    });
    await check('playground: the text the user wrote is kept for the next visit; opening a link or an example does not overwrite it', async () => {
      const mine = 'scenario "my own draft"\n  players Yugi, Kaiba\n  turn Yugi\n';
      const writer = await context.newPage();
      await writer.goto(server.url);
      await checked(writer);
      await setEditorText(writer, mine);
      await checked(writer);
      await writer.waitForTimeout(800);
      const reader = await context.newPage();
      await reader.goto(`${server.url}#${await fragmentIn(writer, 'scenario "a friend\'s link"\n')}`);
      await checked(reader);
      await reader.selectOption('#examples', await reader.$eval('#examples optgroup option', (o) => o.value));
      await checked(reader);
      await reader.waitForTimeout(800);
      await reader.close();
      await writer.close();
      const again = await context.newPage();
      await again.goto(server.url);
      await checked(again);
      const text = await editorText(again);
      await again.close();
      if (text !== mine) throw new Error(`the next visit opens ${JSON.stringify(text.slice(0, 60))}`);
      return 'the draft survives a link and an example';
    });
    await check('playground: a checker that cannot start is said, and a hover asked of it ends with no answer', async () => {
      // The site's own files but worker.js, from a server of their own (a route does not reach a worker's script).
      const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'segoc-web-noworker-'));
      for (const f of fs.readdirSync(SITE)) if (f !== 'worker.js' && fs.statSync(path.join(SITE, f)).isFile()) fs.copyFileSync(path.join(SITE, f), path.join(dir, f));
      const site = await startStaticServer(dir);
      const broken = await browser.newContext({ serviceWorkers: 'block' });
      try {
        const other = await broken.newPage();
        await other.goto(site.url);
        await other.waitForFunction(() => /checker stopped/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
        const answer = await other.evaluate(() => Promise.race([
          window.segocPlayground.checker.request({ type: 'hover', position: { line: 0, character: 1 } }),
          new Promise((r) => setTimeout(() => r('still waiting'), 3000)),
        ]));
        const status = await other.textContent('#status');
        if (answer !== null) throw new Error(`the hover got ${JSON.stringify(answer)}`);
        return status.slice(0, 60);
      } finally {
        await broken.close();
        await site.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    await check('playground: the examples list the seeds first and load one', async () => {
      const first = await page.$eval('#examples optgroup', (g) => `${g.label}: ${g.querySelector('option').textContent} (${g.querySelector('option').title})`);
      if (!/^Seed examples: s0-.* \(Seed 000 — Portuguese wiki article "SEGOC"\)$/.test(first)) throw new Error(`first group: ${first}`);
      const groups = await page.$$eval('#examples optgroup', (gs) => gs.map((g) => g.label));
      if (groups.includes('modern')) throw new Error(`groups: ${groups.join(', ')}`);
      const value = await page.$eval('#examples optgroup option', (o) => o.value);
      await page.selectOption('#examples', value);
      await checked(page);
      const text = await editorText(page);
      if (!/scenario /.test(text)) throw new Error(text.slice(0, 100));
      return first;
    });
    await check('playground: dark and light themes (screenshots)', async () => {
      const seed = fs.readFileSync(path.join(ROOT, 'samples', 'seeds', 's1-segoc-en.segoc'), 'utf8');
      await setEditorText(page, seed);
      await checked(page);
      const shots = [];
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => {
          if (document.documentElement.dataset.theme !== t) document.getElementById('theme').click();
        }, theme);
        const bg = await page.$eval('.segoc-preview', (el) => getComputedStyle(el).backgroundColor);
        // The problems panel follows the theme (CodeMirror's own colours are light-only).
        await page.evaluate(() => window.segocPlayground.view.focus());
        await page.keyboard.press('Control+Shift+M');
        const panel = await page.waitForSelector('.cm-panel-lint [aria-selected]', { timeout: 10000 });
        const colours = await panel.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(document.querySelector('.cm-panels')).backgroundColor]);
        const expected = await page.evaluate(() => {
          const probe = document.createElement('div');
          probe.style.backgroundColor = 'var(--selection)';
          document.body.append(probe);
          const c = [getComputedStyle(probe).backgroundColor];
          probe.style.backgroundColor = 'var(--panel-bg)';
          c.push(getComputedStyle(probe).backgroundColor);
          probe.remove();
          return c;
        });
        if (JSON.stringify(colours) !== JSON.stringify(expected)) throw new Error(`${theme} problems panel ${colours} instead of ${expected}`);
        const file = `web-${theme}.png`;
        await page.screenshot({ path: path.join(RESULTS, file) });
        await page.keyboard.press('Escape');
        shots.push(`${theme} ${bg}`);
      }
      if (shots[0].split(' ').slice(1).join(' ') === shots[1].split(' ').slice(1).join(' ')) throw new Error(`same background: ${shots.join(', ')}`);
      return shots.join('; ');
    });
    await check('playground: works offline once loaded (service worker)', async () => {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await checked(page);
      await libraryLoaded(page);
      await context.setOffline(true);
      try {
        await page.reload();
        await checked(page);
        await libraryLoaded(page);
        const library = await page.evaluate(() => window.segocPlayground.library);
        const chains = await page.$$eval('#preview .chain', (els) => els.length);
        if (!chains) throw new Error('no chain view offline');
        return `offline: ${chains} chains, card library ${library}`;
      } finally {
        await context.setOffline(false);
      }
    });
  } finally {
    await browser.close();
    await server.close();
  }
}

module.exports = { runWebChecks };

