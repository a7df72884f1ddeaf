// A static file server for the playground (dist/web/) in tests and benchmarks: GET and HEAD of files
// under one folder, the content types the site uses, no directory listings. Port 0 (the default) lets
// the system pick a free port, so runs side by side never collide.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.map': 'application/json',
};

/** Serves `dir`; resolves to { url, port, close(), requests } (requests: every path asked, in order). */
function startStaticServer(dir, { port = Number(process.env.SEGOC_WEB_PORT || 0), host = '127.0.0.1' } = {}) {
  const root = path.resolve(dir);
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({ url: `http://${host}:${actual}/`, port: actual, requests, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

module.exports = { startStaticServer };
