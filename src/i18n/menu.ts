import { defineNamespace } from './define';

/** UI strings of the `menu` namespace (keys `menu.*`). */
export const menu = defineNamespace({
  title: 'menu',
}, {
  en: { title: 'menu' },
  es: { title: 'menu' },
  ja: { title: 'menu' },
});
