import { Textarea, TextInput } from '@mantine/core';
import type { TextField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/** One-line text, or a growing text area for `multiline` declarations. */
export function TextControl(p: ControlProps<string, TextField>) {
  const common = {
    label: p.label, withAsterisk: p.required, error: p.error, disabled: p.disabled, value: p.value,
    maxLength: p.field.max, 'data-testid': p.testId,
  };
  if (p.field.multiline) {
    return <Textarea {...common} autosize minRows={3} maxRows={16} onChange={e => p.onChange(e.currentTarget.value)} />;
  }
  return <TextInput {...common} onChange={e => p.onChange(e.currentTarget.value)} />;
}
