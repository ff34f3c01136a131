import { initReactI18next } from 'react-i18next';
import { i18n, initI18n as initCore, type Lang } from './index';

/**
 * Starts i18n and binds it to React (react-i18next's `useTranslation`). The entry and the screens' tests use this;
 * React-free code (the data layer, workers) uses `initI18n` from `./index`.
 */
export async function initI18n(lang?: Lang): Promise<typeof i18n> {
  await initCore(lang);
  initReactI18next.init(i18n);
  return i18n;
}
