import { NumberInput, Text } from '@mantine/core';
import type { IntField, NumberField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/**
 * Integers and decimal quantities. A quantity accepts as many decimals as its column stores (`scale`) and shows
 * its `unit` beside it; a whole number shows without decimals (spec §5).
 */
export function NumberControl(p: ControlProps<number | string, IntField | NumberField>) {
  const f = p.field;
  const isInt = f.type === 'int';
  const unit = f.type === 'number' ? f.unit : undefined;
  return (
    <NumberInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      value={p.value} onChange={v => p.onChange(v)}
      allowDecimal={!isInt} decimalScale={isInt ? 0 : f.scale} min={f.min} max={f.max}
      allowNegative={f.min === undefined || f.min < 0} clampBehavior="none" hideControls={!isInt}
      rightSection={unit ? <Text size="sm" c="dimmed">{unit}</Text> : undefined}
      rightSectionWidth={unit ? Math.max(36, unit.length * 9 + 16) : undefined}
      rightSectionPointerEvents="none" data-testid={p.testId} />
  );
}
