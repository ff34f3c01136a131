import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoices } from '../../domain/resources/finance/invoices';
import { isApiError } from '../../data/errors';
import { voidInvoice } from '../../data/invoices-client';
import { queryKeys } from '../../data/query-keys';
import ResourceEdit from '../../resources/screens/ResourceEdit';
import type { Row } from '../../resources/form/form-values';
import { useCan } from '../../ui/data/use-permissions';
import { useSaveGuard } from '../../ui/use-save-guard';

/**
 * An invoice's edit screen (`/invoices/edit/:id`, docs/finance.md "invoices"): the generic form, and for a role
 * holding `void` on an issued invoice the button that voids it after a confirmation. Voided, the screen reads the
 * invoice again (the form starts over from the stored row) and the lists of invoices and bills are refreshed.
 */
export default function InvoiceEdit() {
  // Bumped after a void: the generic screen mounts again and reads the voided row.
  const [generation, setGeneration] = useState(0);
  return <ResourceEdit key={generation} def={invoices} extras={row => <VoidButton row={row} onVoided={() => setGeneration(g => g + 1)} />} />;
}

function VoidButton({ row, onVoided }: { row: Row; onVoided: () => void }) {
  const { t } = useTranslation();
  const mayVoid = useCan(invoices, 'void');
  const qc = useQueryClient();
  const { run, busy } = useSaveGuard();
  const [asking, setAsking] = useState(false);
  if (!mayVoid || row.status !== 'issued' || row.canceled) return null;
  const confirm = () => void run(async () => {
    try {
      await voidInvoice(Number(row.id), Number(row.version));
      setAsking(false);
      await qc.invalidateQueries({ queryKey: queryKeys.all(invoices.api) });
      // The bill's invoiced and uninvoiced amounts changed with it.
      await qc.invalidateQueries({ queryKey: queryKeys.all('/payments/bills') });
      onVoided();
    } catch (e) {
      // The request layer has shown the server's message (a closed month, a stale version).
      if (!isApiError(e)) throw e;
    }
  });
  return (
    <>
      <Button size="xs" variant="light" color="red" leftSection={<IconBan size={14} />} onClick={() => setAsking(true)} data-testid="invoice-void">
        {t('payfees.void')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('payfees.void_title', { no: String(row.invoice_no ?? '') })} centered>
        <Stack>
          <Text size="sm">{t('payfees.void_explain')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>{t('payfees.cancel')}</Button>
            <Button color="red" loading={busy} onClick={confirm} data-testid="invoice-void-confirm">{t('payfees.void_confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
