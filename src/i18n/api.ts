import { defineNamespace } from './define';

/** UI strings of the `api` namespace (keys `api.*`). */
export const api = defineNamespace({
  title: 'api',
}, {
  en: { title: 'api' },
  es: { title: 'api' },
  ja: { title: 'api' },
});
