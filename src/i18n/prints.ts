import { defineNamespace } from './define';

/** UI strings of the prints screens (keys `prints.*`). */
export const prints = defineNamespace({
}, {
  en: {
  },
  es: {
  },
  ja: {
  },
});
