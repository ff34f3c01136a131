import { defineNamespace } from './define';

/** UI strings of the `login` namespace (keys `login.*`). */
export const login = defineNamespace({
  title: 'login',
}, {
  en: { title: 'login' },
  es: { title: 'login' },
  ja: { title: 'login' },
});
