import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the real server that can serve a changed `/sw.js`: the original bytes plus a
 * suffix, which makes it a new service-worker version without rebuilding. Playwright's routes do not see the
 * browser's update check of a service worker's script, so the change has to come from the network side.
 * It is also a separate origin, so the page's service worker, caches and storage start empty.
 */
export interface SwProxy {
  url: string;
  /** From now on `/sw.js` is served with this appended (`''` serves it unchanged). */
  setSwSuffix(suffix: string): void;
  /** How many times `/sw.js` was fetched through the proxy. */
  swFetches(): number;
  close(): Promise<void>;
}

export async function startSwProxy(target: string): Promise<SwProxy> {
  const upstream = new URL(target);
  let suffix = '';
  let fetches = 0;
  const server = createServer((req, res) => {
    const isSw = (req.url ?? '').split('?')[0] === '/sw.js';
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    if (isSw) {
      fetches++;
      // Always the full body: a 304 would hide the change.
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const up = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, upRes => {
      if (!isSw || !suffix || upRes.statusCode !== 200) {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(suffix)]);
        const out = { ...upRes.headers, 'content-length': String(body.length) };
        delete out.etag;
        delete out['last-modified'];
        res.writeHead(200, out);
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setSwSuffix: s => { suffix = s; },
    swFetches: () => fetches,
    close: () => new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
