import { defineNamespace } from './define';

/** UI strings of the `shell` namespace (keys `shell.*`). */
export const shell = defineNamespace({
  title: 'shell',
}, {
  en: { title: 'shell' },
  es: { title: 'shell' },
  ja: { title: 'shell' },
});
