import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props';
import { datePresets } from './date-presets';

/**
 * A moment, edited in the user's local time (`YYYY-MM-DD HH:mm:ss`; converted to an ISO instant on save). The
 * single-date shortcuts keep the current time of day.
 */
export function DateTimeControl(p: ControlProps<string | null>) {
  const { t } = useTranslation();
  return (
    <DateTimePicker label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      value={p.value} onChange={v => p.onChange(v)} valueFormat="YYYY-MM-DD HH:mm:ss" withSeconds
      clearable={!p.required} presets={datePresets('datetime', t)} data-testid={p.testId} />
  );
}
