import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import ResourceList from '../../resources/list/ResourceList';

const DEBOUNCE_MS = 400;

/**
 * `/query/deliveries` (送货查询, the queries menu, like src/features/reports/QueryScreen.tsx): the delivery notes,
 * server-paged, filtered by any column and exported, plus one search box that looks across the note and the rows
 * around it — its customer and driver, its lines' orders, items, lots and packages (list parameter `anywhere`,
 * server/areas/delivery/anywhere.ts).
 */
export default function DeliveryQuery() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [anywhere] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const extra = useMemo(() => (anywhere ? { anywhere } : undefined), [anywhere]);
  return (
    <Stack gap={0} data-testid="query-screen" data-resource="deliveries">
      <TextInput mx="sm" mt="sm" size="sm" maw={560} leftSection={<IconSearch size={16} />} value={text}
        onChange={e => setText(e.currentTarget.value)} placeholder={t('delivery.query.anywhere')} aria-label={t('delivery.query.anywhere')}
        data-testid="query-anywhere" />
      <ResourceList def={deliveries} extra={extra} />
    </Stack>
  );
}
