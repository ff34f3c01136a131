import { NumberInput } from '@mantine/core';
import { MONEY_SCALE, type MoneyField } from '../../../domain/registry/fields';
import { moneyText } from '../form-values';
import type { ControlProps } from './control-props';

/**
 * Money: up to 4 decimals are accepted (the column keeps 4 so sums stay exact, DESIGN §8), at least 2 are shown.
 * The value is kept as text while typing and padded to 2 decimals when the input loses focus.
 */
export function MoneyControl(p: ControlProps<number | string, MoneyField>) {
  const pad = () => {
    const n = typeof p.value === 'number' ? p.value : p.value.trim() === '' ? NaN : Number(p.value);
    if (Number.isFinite(n)) p.onChange(moneyText(n));
  };
  return (
    <NumberInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      value={p.value} onChange={v => p.onChange(typeof v === 'number' ? String(v) : v)} onBlur={pad}
      decimalScale={MONEY_SCALE} hideControls thousandSeparator={false} clampBehavior="none"
      min={p.field.min} max={p.field.max} allowNegative={p.field.min === undefined || p.field.min < 0}
      data-testid={p.testId} />
  );
}
