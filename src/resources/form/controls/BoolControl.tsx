import { Switch } from '@mantine/core';
import type { ControlProps } from './control-props';

export function BoolControl(p: ControlProps<boolean>) {
  return (
    <Switch label={p.label} error={p.error} disabled={p.disabled} checked={p.value} mt="lg"
      onChange={e => p.onChange(e.currentTarget.checked)} data-testid={p.testId} />
  );
}
