import { createHash } from 'node:crypto';
import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The local control socket of a data directory (issue 16, decision 56). PGlite belongs to one process, so the process
 * that opened `DATA_DIR` answers on this socket, and nobody else may open the folder while it does:
 *
 * - the server listens on it for as long as it runs; `npm run backup` asks it for a backup there;
 * - a second server, a restore or a backup without a server first try to listen themselves, and fail while the owner
 *   answers, so two processes never open one PGlite folder (which would corrupt it);
 * - a socket file left by a process that died answers nobody and is taken over.
 *
 * Only the folder's owner can connect (the socket is mode 0600 in DATA_DIR), and whoever can do that can read the
 * database files anyway, so the socket needs no password. One request per connection, one JSON line each way.
 */
export type ControlRequest = { op: 'ping' } | { op: 'backup'; dir: string; keep: number };
export type ControlReply = { ok: true; [k: string]: unknown } | { ok: false; error: string };
export type ControlHandler = (req: ControlRequest) => Promise<ControlReply>;

/** Unix socket paths are limited to ~104 bytes; a deep DATA_DIR uses a name in the temp folder derived from it. */
export function controlPath(dataDir: string): string {
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\ipos-${id}`;
  const inDir = join(dataDir, 'ipos.sock');
  return Buffer.byteLength(inDir) <= 100 ? inDir : join(tmpdir(), `ipos-${id}.sock`);
}

export class DataDirInUse extends Error {
  constructor(readonly dataDir: string, readonly owner: ControlReply) {
    super(`${dataDir} is in use by another process (pid ${'pid' in owner ? String(owner.pid) : '?'}, ${
      'role' in owner ? String(owner.role) : 'unknown'}); stop it first`);
  }
}

export interface DataDirClaim {
  /** Stops answering and frees the folder for the next owner. */
  release(): Promise<void>;
}

/**
 * Makes this process the owner of `dataDir`: listens on its control socket and answers with `handler`. Throws
 * DataDirInUse while another process answers there.
 */
export async function claimDataDir(dataDir: string, role: string, handler: ControlHandler): Promise<DataDirClaim> {
  const path = controlPath(dataDir);
  const answer = async (req: ControlRequest): Promise<ControlReply> =>
    req.op === 'ping' ? { ok: true, pid: process.pid, role } : handler(req);
  const server = createServer(socket => serve(socket, answer));
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, path);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE') {
        throw new Error(`cannot create the control socket ${path} (${code}): DATA_DIR must be on a local file system`, { cause: err });
      }
      if (attempt > 0) throw err;
      const owner = await askOwner(dataDir, { op: 'ping' }, 2000);
      if (owner) throw new DataDirInUse(dataDir, owner);
      // Left by a process that is gone: nobody answers, so the name is free to take.
      await unlink(path).catch(() => {});
    }
  }
  if (process.platform !== 'win32') await chmod(path, 0o600);
  return { release: () => new Promise<void>(done => server.close(() => done())) };
}

/**
 * Sends one request to the owner of `dataDir`. Undefined when no process answers there (no socket, or one left by a
 * process that is gone); throws when the owner does not reply within `timeoutMs`.
 */
export async function askOwner(dataDir: string, req: ControlRequest, timeoutMs: number): Promise<ControlReply | undefined> {
  const path = controlPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let text = '';
    let connected = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the process owning ${dataDir} did not answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => { connected = true; socket.write(`${JSON.stringify(req)}\n`); });
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => {
      clearTimeout(timer);
      try { resolve(JSON.parse(text) as ControlReply); } catch { reject(new Error(`unreadable reply from ${path}: ${text.slice(0, 200)}`)); }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => { server.off('listening', onListening); reject(err); };
    const onListening = () => { server.off('error', onError); resolve(); };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(path);
  });
}

function serve(socket: Socket, answer: (req: ControlRequest) => Promise<ControlReply>): void {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    text += chunk;
    const nl = text.indexOf('\n');
    if (nl < 0) {
      if (text.length > 64 * 1024) socket.destroy();
      return;
    }
    socket.removeAllListeners('data');
    let req: ControlRequest;
    try {
      req = JSON.parse(text.slice(0, nl)) as ControlRequest;
    } catch {
      socket.end(`${JSON.stringify({ ok: false, error: 'not JSON' })}\n`);
      return;
    }
    answer(req)
      .catch((err: unknown): ControlReply => ({ ok: false, error: err instanceof Error ? err.message : String(err) }))
      .then(reply => socket.end(`${JSON.stringify(reply)}\n`), () => socket.destroy());
  });
}
