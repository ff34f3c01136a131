import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One kiosk's network, between it and the server: an HTTP proxy that can be cut (every request then fails as a
 * refused connection does) and that drops a share of the push replies after the server has answered — so the server
 * committed the batch and the kiosk never hears of it, the case that makes a naive outbox send twice.
 */
export interface FlakyNetwork {
  url: string;
  offline: boolean;
  /** Push replies the server sent that the kiosk never got. */
  dropped: number;
  /** Push requests that reached the server. */
  delivered: number;
  close(): Promise<void>;
}

export async function flakyNetwork(o: { target: () => number; dropShare: number; random?: () => number }): Promise<FlakyNetwork> {
  const random = o.random ?? Math.random;
  const net: FlakyNetwork = { url: '', offline: false, dropped: 0, delivered: 0, close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (net.offline) { req.socket.destroy(); return; }
    const isPush = (req.url ?? '').startsWith('/sync/push/');
    const upstream = request({ host: '127.0.0.1', port: o.target(), method: req.method, path: req.url, headers: req.headers }, up => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        if (isPush) net.delivered++;
        // The server has answered (and committed): the reply is lost on the way back.
        if (isPush && up.statusCode === 200 && random() < o.dropShare) { net.dropped++; req.socket.destroy(); return; }
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.end(Buffer.concat(chunks));
      });
      up.on('error', () => req.socket.destroy());
    });
    // The server is down (killed, restarting): the kiosk sees a failed connection.
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  net.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  net.close = () => new Promise(resolve => { server.closeAllConnections(); server.close(() => resolve()); });
  return net;
}
