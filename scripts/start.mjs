// `npm start`: build the PWA when dist/ is missing or older than its sources, then run the server (server/server.ts)
// in the foreground. Signals reach the server exactly once, and this process exits with the server's status.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');
// What goes into dist/. Tests and notes beside the code do not.
const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts'];
const ignored = /\.test\.tsx?$|\.md$/;

/** The first source file newer than `since` (ms), or undefined. */
function newerSource(path, since) {
  if (!existsSync(path)) return undefined;
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const entry of readdirSync(path)) {
      const found = newerSource(join(path, entry), since);
      if (found) return found;
    }
    return undefined;
  }
  return st.mtimeMs > since && !ignored.test(path) ? path : undefined;
}

function needsBuild() {
  if (!existsSync(builtIndex)) return 'dist/index.html is missing';
  const since = statSync(builtIndex).mtimeMs;
  for (const s of sources) {
    const found = newerSource(join(root, s), since);
    if (found) return `${found.slice(root.length)} is newer than the build`;
  }
  return undefined;
}

const reason = needsBuild();
if (reason) {
  console.log(`building the PWA (${reason})`);
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error('vite build failed; not starting the server');
    process.exit(build.status ?? 1);
  }
}

// Own process group (POSIX), so a terminal's Ctrl+C reaches the server once, through us, not twice.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root, stdio: 'inherit', detached: process.platform !== 'win32',
});

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = signal => { if (server.exitCode === null) server.kill(signal); };
for (const signal of forwarded) process.on(signal, forward);

server.on('error', err => {
  console.error(`cannot start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: end the same way, so whoever started us sees it.
  for (const s of forwarded) process.off(s, forward);
  process.kill(process.pid, signal ?? 'SIGTERM');
});
