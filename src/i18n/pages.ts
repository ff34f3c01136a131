import { defineNamespace } from './define';

/** UI strings of the `pages` namespace (keys `pages.*`). */
export const pages = defineNamespace({
  title: 'pages',
}, {
  en: { title: 'pages' },
  es: { title: 'pages' },
  ja: { title: 'pages' },
});
