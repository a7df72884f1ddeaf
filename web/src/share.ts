// Share links: the scenario text in the URL fragment, `#s=<base64url of deflate-raw>`, made and read
// with the platform's CompressionStream (no library). A fragment never reaches a server, and opening one
// only puts text in the editor (the page never runs or parses it as HTML).

const PREFIX = 's=';
/** A fragment longer than this is refused when read (a link is a scenario, not a file dump). */
export const MAX_FRAGMENT = 200_000;
/** Nor may it inflate beyond this (a small link that inflates to gigabytes). */
export const MAX_TEXT = 1_000_000;
/** A link longer than this may not fit a chat message (Discord's limit): the page says so when it makes one. */
export const LONG_LINK = 2_000;

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error('too long');
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment (without '#') that carries `text`. */
export async function encodeFragment(text: string): Promise<string> {
  return PREFIX + base64url(await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
}

/** The text a fragment carries; undefined when it carries none or cannot be read (never throws). */
export async function decodeFragment(fragment: string): Promise<string | undefined> {
  const f = fragment.replace(/^#/, '');
  if (!f.startsWith(PREFIX) || f.length > MAX_FRAGMENT) return undefined;
  try {
    const bytes = await pipe(fromBase64url(f.slice(PREFIX.length)), new DecompressionStream('deflate-raw'), MAX_TEXT);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
