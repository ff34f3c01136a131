import { defineNamespace } from './define';

/** UI strings of the `dashboard` namespace (keys `dashboard.*`). */
export const dashboard = defineNamespace({
  title: 'dashboard',
}, {
  en: { title: 'dashboard' },
  es: { title: 'dashboard' },
  ja: { title: 'dashboard' },
});
