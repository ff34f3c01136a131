import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../data/errors';
import { isoToLocal } from './form-values';

export interface Conflict {
  /** Who saved the row meanwhile (`updated_by_name`). */
  name: string;
  /** When, as the server sent it (`updated_at`, ISO). */
  at: string;
}

/**
 * The stale-version refusal of a save (409 with `version`, `updated_by_name`, `updated_at`), as opposed to the
 * other 409s (a duplicate value, a referenced row), which name fields or rows instead.
 */
export function conflictOf(e: unknown): Conflict | null {
  if (!isApiError(e) || e.status !== 409 || !e.body || !('version' in e.body) || !('updated_at' in e.body)) return null;
  const { updated_by_name: name, updated_at: at } = e.body;
  return { name: typeof name === 'string' && name ? name : '?', at: typeof at === 'string' ? at : '' };
}

export interface ConflictDialogProps {
  conflict: Conflict | null;
  onReload: () => void;
  onCancel: () => void;
  reloading?: boolean;
}

/**
 * Somebody saved the row after it was loaded: name them and the time, and offer to reload (dropping this page's
 * unsaved changes) or to stay on the page (to copy what was typed) without saving.
 */
export function ConflictDialog({ conflict, onReload, onCancel, reloading = false }: ConflictDialogProps) {
  const { t } = useTranslation();
  // Mounted only while open: a closed Mantine modal still leaves its (empty) root, which would match the test id.
  if (!conflict) return null;
  return (
    <Modal opened onClose={onCancel} title={t('forms.conflict_title')} centered
      data-testid="conflict-dialog">
      <Stack>
        <Text size="sm">
          {t('forms.conflict_text', { name: conflict.name, at: isoToLocal(conflict.at) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="conflict-cancel">{t('forms.conflict_cancel')}</Button>
          <Button onClick={onReload} loading={reloading} data-testid="conflict-reload">{t('forms.conflict_reload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
