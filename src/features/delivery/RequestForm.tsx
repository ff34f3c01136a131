import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryClient } from '../../data/delivery-client';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { deliveryrequestlines } from '../../domain/resources/delivery/deliveryrequestlines';
import { deliveryrequests } from '../../domain/resources/delivery/deliveryrequests';
import { details } from '../../domain/resources/orders/details';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useReaderLang } from '../../ui/use-reader-lang';
import { OpenLinesTable } from './OpenLinesTable';

/**
 * A new delivery request as sales writes it (docs/delivery.md "Requests"): the customer (one of its own, for a
 * salesperson scoped so), the date wanted, where to (blank: the customer's address, consignee and phone), and how
 * much of each of the customer's open order lines — never more than is left of a line. Sent as the header, then its
 * lines; a line refused leaves the request written with the lines before it (shown in the list, to complete or
 * cancel).
 */
export function RequestForm({ onClose, onSent }: { onClose: () => void; onSent: (id: number, no: string) => void }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const [customer, setCustomer] = useState<number | null>(null);
  const [customerName, setCustomerName] = useState<string | undefined>();
  const [date, setDate] = useState('');
  const [address, setAddress] = useState('');
  const [remark, setRemark] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newRequestId);

  const open = useQuery({
    queryKey: [...queryKeys.all(details.api), 'open_lines', customer],
    queryFn: ({ signal }) => deliveryClient.openLines(customer!, { signal }),
    enabled: customer !== null,
  });
  const lines = open.data ?? [];

  const submit = async () => {
    setError(null);
    if (customer === null) { setError(t('delivery.requests.customer_first')); return; }
    const chosen = lines.filter(l => (quantities[l.detail_id] ?? 0) > 0);
    if (chosen.length === 0) { setError(t('delivery.requests.need_quantity')); return; }
    const over = lines.findIndex(l => (quantities[l.detail_id] ?? 0) > l.left);
    if (over >= 0) { setError(t('delivery.requests.over_left', { n: over + 1, left: formatForReading(lines[over]!.left, lang, 4) })); return; }
    setBusy(true);
    try {
      const r = await resourceClient(deliveryrequests).save({ customer_id: customer, date: date || null, address, remark },
        undefined, { idempotencyKey: key });
      for (const l of chosen) {
        await resourceClient(deliveryrequestlines).save({ request_id: r.id, detail_id: l.detail_id, quantity: quantities[l.detail_id] },
          undefined, { idempotencyKey: newRequestId() });
      }
      onSent(r.id, r.dt.show_id ?? String(r.id));
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="90%" title={t('delivery.requests.new')} data-testid="request-form">
      <Stack>
        {error && <Alert color="red" py={6} data-testid="request-form-error">{error}</Alert>}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ minWidth: 260 }}>
            <RefSelect def={deliveryrequests} name="customer_id" field={deliveryrequests.fields.customer_id} required disabled={busy}
              label={t('resources.deliveryrequests.fields.customer_id')} value={customer} valueLabel={customerName} testId="request-customer"
              onLabel={(_, label) => setCustomerName(label)} onChange={v => { setCustomer(v); setQuantities({}); }} />
          </div>
          <TextInput type="date" label={t('resources.deliveryrequests.fields.date')} value={date} w={160}
            onChange={e => setDate(e.currentTarget.value)} data-testid="request-date" />
          <TextInput label={t('resources.deliveryrequests.fields.address')} value={address} flex="1 1 260px"
            onChange={e => setAddress(e.currentTarget.value)} data-testid="request-address" />
          <TextInput label={t('resources.deliveryrequests.fields.remark')} value={remark} flex="1 1 200px"
            onChange={e => setRemark(e.currentTarget.value)} data-testid="request-remark" />
        </Group>
        <Text size="sm" fw={600}>{t('delivery.requests.open_lines')}</Text>
        {customer === null ? <Text size="sm" c="dimmed">{t('delivery.requests.customer_first')}</Text>
          : open.isLoading ? <Center><Loader size="sm" /></Center>
            : lines.length === 0 ? <Text size="sm" c="dimmed">{t('delivery.requests.no_open_lines')}</Text>
              : <OpenLinesTable lines={lines} quantities={quantities} onChange={(d, q) => setQuantities(s => ({ ...s, [d]: q }))} testId="request-open" />}
        <Group justify="flex-end">
          <Button leftSection={<IconSend size={16} />} loading={busy} onClick={() => void submit()} data-testid="request-submit">
            {t('delivery.requests.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
