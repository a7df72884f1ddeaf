// The Web Worker's cache of workspace files read through the client (host/web/workspace-files.ts).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { connectWorkspaceFiles, FileRead, forgetWorkspaceFile, workspaceFile } from '../../server/src/host/web/workspace-files';

test('a file forgotten and asked for again while its first read runs keeps the newer read, not the stale one', async () => {
  const pending: Array<(r: FileRead) => void> = [];
  let arrived = 0;
  connectWorkspaceFiles(() => new Promise<FileRead>((resolve) => pending.push(resolve)), () => arrived++);
  const uri = 'vscode-vfs://github/x/cards.segoc';
  assert.equal(workspaceFile(uri), 'pending');
  forgetWorkspaceFile(uri); // the file changed while the client read it
  assert.equal(workspaceFile(uri), 'pending');
  assert.equal(pending.length, 2, 'read again');
  pending[0]({ text: 'old' }); // the first read ends: its text is from before the change
  await Promise.resolve();
  assert.equal(workspaceFile(uri), 'pending', 'the stale read is dropped');
  pending[1]({ text: 'new' });
  await Promise.resolve();
  assert.deepEqual(workspaceFile(uri), { text: 'new' });
  assert.equal(arrived, 1);
});
