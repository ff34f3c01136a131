import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { terminate } from '../../data/contracts-client';
import { isAbort, isApiError } from '../../data/errors';
import type { ContractRow, ContractTransitionReply } from '../../domain/contract/contracts';
import { TERMINATION_REASON_MAX } from '../../domain/rules/contracts';
import { useSaveGuard } from '../../ui/use-save-guard';

/** Terminates the contract as saved, with its reason (1–200 characters, the server's rule too). */
export function TerminateDialog(p: { contract: ContractRow; onClose: () => void; onDone: (reply: ContractTransitionReply) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { run, busy } = useSaveGuard();
  const ok = reason.trim().length > 0 && reason.trim().length <= TERMINATION_REASON_MAX;
  const submit = () => void run(async () => {
    try {
      p.onDone(await terminate({ id: p.contract.id, version: p.contract.version, reason: reason.trim() }));
    } catch (e) {
      // The request layer has shown why it was refused.
      if (!isAbort(e) && !isApiError(e)) throw e;
    }
  });
  return (
    <Modal opened onClose={p.onClose} title={t('contracts.terminate_title')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('contracts.terminate_hint')}</Text>
        <Textarea label={t('contracts.terminate_reason')} required autosize minRows={2} maxLength={TERMINATION_REASON_MAX}
          value={reason} onChange={e => setReason(e.currentTarget.value)} data-testid="terminate-reason" />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onClose}>{t('contracts.cancel')}</Button>
          <Button color="red" disabled={!ok} loading={busy} onClick={submit} data-testid="terminate-confirm">{t('contracts.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
