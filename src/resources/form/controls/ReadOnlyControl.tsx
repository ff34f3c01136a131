import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayValue } from '../display-value';
import type { ControlProps } from './control-props';

/** A field the server sets (e.g. a terminal's last contact): shown as text, never sent. */
export function ReadOnlyControl(p: Omit<ControlProps<unknown>, 'onChange'> & { refNames?: Record<number, string> }) {
  const { t } = useTranslation();
  return (
    <TextInput label={p.label} readOnly variant="filled" value={displayValue(p.def, p.name, p.field, p.value, t, p.refNames)}
      data-testid={p.testId} />
  );
}
