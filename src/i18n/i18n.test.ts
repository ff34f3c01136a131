import { describe, expect, it } from 'vitest';
import { LANGS } from '../domain/messages/catalog';
import type { Tree } from './define';
import { NAMESPACES } from './namespaces';

function keys(t: Tree, prefix = ''): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('UI strings', () => {
  it('has every key of every namespace in every language, none empty', () => {
    for (const [name, ns] of Object.entries(NAMESPACES)) {
      const zh = keys(ns.zh).sort();
      for (const lang of LANGS) {
        const t = ns[lang] as Tree;
        expect(keys(t).sort(), `${name} in ${lang}`).toEqual(zh);
        const empty = keys(t).filter(k => k.split('.').reduce<Tree | string>((n, p) => (n as Tree)[p]!, t) === '');
        expect(empty, `${name} in ${lang}: empty strings`).toEqual([]);
      }
    }
  });
});
