import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import { DatePicker, DatePickerInput, DatesProvider, type DatePickerPreset, type DatesRangeValue } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_RANGE_SHORTCUTS, dateRangeStrings } from '../../domain/rules/date-ranges';

/**
 * The date-range filter with the spec §9 shortcuts (today … last 3 years; src/domain/rules/date-ranges.ts). Values
 * are `YYYY-MM-DD` strings of local days, both included; `null` ends are open.
 */
export type DayRange = [from: string | null, to: string | null];

/** dayjs names of the UI languages (its calendar's month and weekday names). */
const DAYJS_LOCALE: Record<string, string> = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' };

/** The shortcuts as picker presets, computed from the moment the picker renders. */
export function rangePresets(t: (key: string) => string, now = new Date()): DatePickerPreset<'range'>[] {
  return DATE_RANGE_SHORTCUTS.map(s => ({ value: dateRangeStrings(s.range(now)), label: t(s.labelKey) }));
}

function GridDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language] ?? 'zh-cn', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}

/** Between the two days of a range, in the input and in its name. */
const SEPARATOR = '–';

const toDayRange = (v: DatesRangeValue<string>): DayRange => [v[0] || null, v[1] || null];

interface Props {
  value: DayRange;
  onChange: (v: DayRange) => void;
}

/** A compact input that opens a calendar with the shortcuts beside it (the grid's date bar). */
export function DateRangeInput({ value, onChange }: Props) {
  const { t } = useTranslation();
  // The input is a button showing the range: its name says what it is, then the range it shows as shown (WCAG 2.5.3).
  const shown = value[0] ? `${value[0]} ${SEPARATOR} ${value[1] ?? ''}`.trim() : '';
  return (
    <GridDates>
      <DatePickerInput
        type="range"
        size="xs"
        w={230}
        clearable
        allowSingleDateInRange
        valueFormat="YYYY-MM-DD"
        placeholder={t('grid.date_range')}
        labelSeparator={SEPARATOR}
        aria-label={shown ? `${t('grid.date_range')}: ${shown}` : t('grid.date_range')}
        data-testid="grid-date-range"
        presets={rangePresets(t)}
        value={value}
        onChange={v => onChange(toDayRange(v))}
      />
    </GridDates>
  );
}

/** The calendar itself, for the date column's filter popover (a second popover inside it would close the first). */
export function DateRangeCalendar({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <GridDates>
      <DatePicker
        type="range"
        size="xs"
        allowSingleDateInRange
        presets={rangePresets(t)}
        value={value}
        onChange={v => onChange(toDayRange(v))}
      />
    </GridDates>
  );
}
