import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import type { ListQuery } from '../../domain/contract/list';
import { bills } from '../../domain/resources/finance/bills';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import ResourceList from '../../resources/list/ResourceList';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';

/**
 * `/payments/bills_other` (其他账单, docs/finance.md "Bills by hand"): the bills by hand (kind `other`) — one-off
 * charges, or credit notes when their total is negative — listed by the generic list, and a new one made here (its
 * customer, date and remark); it opens at `/bills/edit/:id`, where its lines are typed.
 */
export default function BillsOther() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayCreate = useCan(bills, 'create');
  const filter = useMemo<ListQuery['filter']>(() => [{ field: 'kind', op: 'eq', value: 'other' }], []);
  const [customer, setCustomer] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [remark, setRemark] = useState('');
  const [key, setKey] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    if (customer === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await resourceClient(bills).save({ customer_id: customer, ...(date ? { date } : {}), ...(remark.trim() ? { remark: remark.trim() } : {}) },
        undefined, { idempotencyKey: key });
      setKey(newRequestId());
      void qc.invalidateQueries({ queryKey: queryKeys.all(bills.api) });
      void navigate(`/bills/edit/${r.id}`);
    } catch (e) {
      setError(isApiError(e) ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={0} data-testid="bills-other">
      {mayCreate && (
        <Paper withBorder p="sm" m="sm">
          <Text size="sm" c="dimmed" mb={6}>{t('bills.other.intro')}</Text>
          <Group gap={8} align="flex-end" wrap="wrap">
            <div style={{ width: 260 }}>
              <RefSelect def={bills} name="customer_id" field={bills.fields.customer_id} label={t('resources.bills.fields.customer_id')} required
                disabled={false} value={customer} testId="bills-other-customer" onChange={setCustomer} />
            </div>
            <TextInput type="date" w={160} label={t('resources.bills.fields.date')} value={date} data-testid="bills-other-date"
              onChange={e => setDate(e.currentTarget.value)} />
            <TextInput w={260} label={t('resources.bills.fields.remark')} value={remark} maxLength={200} data-testid="bills-other-remark"
              onChange={e => setRemark(e.currentTarget.value)} />
            <Button leftSection={<IconFilePlus size={16} />} loading={busy} disabled={customer === null || !reachable}
              onClick={() => void create()} data-testid="bills-other-create">{t('bills.other.new')}</Button>
          </Group>
          {error && <Alert color="red" py={6} mt={6} data-testid="bills-other-error">{error}</Alert>}
        </Paper>
      )}
      <ResourceList def={bills} filter={filter} />
    </Stack>
  );
}
