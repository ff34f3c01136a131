import { defineNamespace } from './define';

/** UI strings of the orderquery screens (keys `orderquery.*`). */
export const orderquery = defineNamespace({
}, {
  en: {
  },
  es: {
  },
  ja: {
  },
});
