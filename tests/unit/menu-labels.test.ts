import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/domain/messages/langs';
import { bundleOf } from '../../src/i18n';
import { ROUTE_TREE } from '../../src/domain/menu/route-tree';
import type { MenuNode } from '../../src/domain/menu/menu-types';

/** A dotted key's text in a bundle (`menu.formula_items`, `resources.items.menu`). */
function textOf(bundle: Record<string, unknown>, key: string): string | undefined {
  let at: unknown = bundle;
  for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return typeof at === 'string' ? at : undefined;
}

/**
 * Issue 30 (items 9 and 13): two entries of one sidebar group read the same ("配方物料" twice, "Production …" twice in
 * English). Every visible entry's label is unique within its group, in every language.
 */
describe('the sidebar', () => {
  it.each([...LANGS])('names every entry of a group differently (%s)', lang => {
    const bundle = bundleOf(lang) as Record<string, unknown>;
    for (const group of ROUTE_TREE) {
      const labels = (group.children ?? []).filter((n: MenuNode) => !n.hidden)
        .map((n: MenuNode) => textOf(bundle, n.meta?.title ?? '') ?? n.meta?.title ?? n.path);
      const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
      expect(twice, `${lang} ${group.path}`).toEqual([]);
    }
  });
});
