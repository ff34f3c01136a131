import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every module of the app that builds zod schemas imports src/domain/contract/zod-config.ts first: zod probes whether
 * it may compile validators with `new Function`, and under the app's Content-Security-Policy (no 'unsafe-eval') the
 * probe itself is reported as a violation. The declarations of the endpoints bring schemas into the PWA's chunks and
 * workers, so any module that imports zod, in any chunk, must have configured it (a module imported first elsewhere
 * is not enough: a lazy chunk or a worker may load it on its own).
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('zod under the Content-Security-Policy', () => {
  it('every module of the PWA that imports zod configures it', () => {
    const missing = [...sources('src'), ...sources('sw')]
      .filter(f => !f.endsWith('zod-config.ts'))
      .filter(f => /from 'zod'/.test(readFileSync(f, 'utf8')) && !/zod-config'/.test(readFileSync(f, 'utf8')));
    expect(missing).toEqual([]);
  });
});
