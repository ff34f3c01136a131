import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '../domain/messages/langs';

/**
 * The language the user reads the screen in, for formatting what they read (numbers grouped as it writes them,
 * domain/rules/numbers.ts `formatForReading`); the screen renders again when it changes.
 */
export function useReaderLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'zh';
}
