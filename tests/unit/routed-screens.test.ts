import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every screen a feature exports by default is reached: imported by the table of screens (src/app/routing/screens.ts)
 * or by another module that is. A screen left out of the table (a merge that kept one side of screens.ts dropped
 * /trace once) shows the menu's "coming" notice where a built screen was; this finds it before a browser does.
 */
const root = join(import.meta.dirname, '..', '..');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []);
}

describe('routed screens', () => {
  it('every default-exported feature module is imported by some other module', () => {
    const all = files(src);
    const sources = new Map(all.map(f => [f, readFileSync(f, 'utf8')]));
    const screens = all.filter(f => f.startsWith(join(src, 'features')) && /export default/.test(sources.get(f)!));
    expect(screens.length).toBeGreaterThan(30);
    const orphans = screens.filter(f => {
      const name = relative(src, f).replace(/\.tsx?$/, '').split('/').pop()!;
      const importOf = new RegExp(`['"][./]*(?:[\\w-]+/)*${name}['"]`);
      return ![...sources].some(([other, text]) => other !== f && importOf.test(text));
    });
    expect(orphans.map(f => relative(root, f))).toEqual([]);
  });
});
