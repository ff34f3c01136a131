import { defineNamespace } from './define';

/** UI strings of the orders screens (keys `orders.*`). */
export const orders = defineNamespace({
}, {
  en: {
  },
  es: {
  },
  ja: {
  },
});
