import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { Lang } from '../../domain/messages/catalog';

/** The dayjs locale of each UI language, for the calendars of @mantine/dates (month and weekday names). */
export const DATES_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' };
