import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props';
import { datePresets } from './date-presets';

/** A calendar date (`YYYY-MM-DD`), with the single-date shortcuts (today, yesterday, 3 days ago …) beside the calendar. */
export function DateControl(p: ControlProps<string | null>) {
  const { t } = useTranslation();
  return (
    <DatePickerInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      value={p.value} onChange={v => p.onChange(v)} valueFormat="YYYY-MM-DD" clearable={!p.required}
      presets={datePresets('date', t)} data-testid={p.testId} />
  );
}
