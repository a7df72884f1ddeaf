// The playground's share links (web/src/share.ts): the text comes back byte for byte, and a fragment
// that is not one of ours, is damaged, or would inflate beyond the limit gives no text (never an error).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as zlib from 'zlib';
import { decodeFragment, encodeFragment, MAX_FRAGMENT, MAX_TEXT } from '../web/src/share';

test('a share link gives back the very text, comments, Japanese names and all', async () => {
  const text = 'scenario "《灰流うらら》 & <b>bold</b>"\n  players Yugi, Kaiba\n  # a comment — with “quotes”\n\n';
  const fragment = await encodeFragment(text);
  assert.match(fragment, /^s=[A-Za-z0-9_-]+$/);
  assert.equal(await decodeFragment(`#${fragment}`), text);
  assert.equal(await decodeFragment(fragment), text);
});

test('the fragment is base64url of raw deflate, so any deflate-raw tool makes one', async () => {
  const text = 'scenario "x"\n';
  const made = 's=' + zlib.deflateRawSync(Buffer.from(text)).toString('base64url');
  assert.equal(await decodeFragment(made), text);
});

test('a fragment that is not a share link, or is damaged, gives no text', async () => {
  for (const f of ['', '#', '#top', '#s=', '#s=!!!!', '#s=AAAA', `#s=${Buffer.from([0xff, 0xfe, 0x00]).toString('base64url')}`]) {
    assert.equal(await decodeFragment(f), undefined, f);
  }
});

test('a small link that would inflate beyond the limit gives no text', async () => {
  const bomb = 's=' + zlib.deflateRawSync(Buffer.alloc(MAX_TEXT + 1, 0x20)).toString('base64url');
  assert.ok(bomb.length < 5000);
  assert.equal(await decodeFragment(bomb), undefined);
});

test('a bomb as long as a link may be (inflating to 100 MB) stops at the limit, reading no more than it', async () => {
  const bomb = 's=' + zlib.deflateRawSync(Buffer.alloc(100_000_000), { level: 9 }).toString('base64url');
  assert.ok(bomb.length < MAX_FRAGMENT, `${bomb.length}`);
  const before = process.memoryUsage().arrayBuffers;
  assert.equal(await decodeFragment(bomb), undefined);
  // The inflated bytes kept are at most the limit and a chunk, not the 100 MB.
  assert.ok(process.memoryUsage().arrayBuffers - before < 20 * MAX_TEXT);
});

test('a fragment longer than a link may be gives no text, before any inflating', async () => {
  const long = 's=' + 'A'.repeat(MAX_FRAGMENT);
  assert.equal(await decodeFragment(long), undefined);
});
