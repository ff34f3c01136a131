import { defineNamespace } from './define';

/** UI strings of the cards screens (keys `cards.*`). */
export const cards = defineNamespace({
}, {
  en: {
  },
  es: {
  },
  ja: {
  },
});
