import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props';

/**
 * A write-only password: it is never loaded, so the input starts empty. On edit an empty input keeps the current
 * password (said below the input); on create it is required.
 */
export function PasswordControl(p: ControlProps<string> & { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  return (
    <PasswordInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled} value={p.value}
      onChange={e => p.onChange(e.currentTarget.value)} autoComplete="new-password" maxLength={200}
      description={p.mode === 'edit' ? t('forms.password_keep') : undefined} data-testid={p.testId} />
  );
}
