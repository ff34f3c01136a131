import { describe, expect, it } from 'vitest';
import { LANGS } from '../../domain/messages/catalog';
import { PROPS_KEYS } from '../../domain/rules/property-columns';
import { ORDER_TRANSITIONS } from '../../domain/rules/order-status';
import type { Tree } from '../../i18n/define';
import { orders } from '../../i18n/orders';
import { ISSUE_KEYS } from './line-model';

/** The keys the screen builds at run time (moves, property columns, paste problems) have a text in every language. */
describe('orders UI strings built from keys', () => {
  for (const lang of LANGS) {
    it(lang, () => {
      const ns = orders[lang] as Tree;
      const group = (name: string) => ns[name] as Tree;
      const missing = [
        ...ORDER_TRANSITIONS.map(m => `transitions.${m.from}_${m.to}`).filter(k => !group('transitions')[k.split('.')[1]!]),
        ...PROPS_KEYS.map(k => `props.${k}`).filter(k => !group('props')[k.split('.')[1]!]),
        ...ISSUE_KEYS.map(k => `issues.${k}`).filter(k => !group('issues')[k.split('.')[1]!]),
      ];
      expect(missing).toEqual([]);
    });
  }
});
