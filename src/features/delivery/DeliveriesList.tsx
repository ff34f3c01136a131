import { SegmentedControl, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from '../../domain/contract/list';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { DELIVERY_STATUSES } from '../../domain/rules/delivery';
import ResourceList from '../../resources/list/ResourceList';

type Shown = 'all' | (typeof DELIVERY_STATUSES)[number];

/**
 * `/deliveries/list` (送货单, docs/delivery.md "Screens"): the delivery notes, newest first, server-paged, filtered
 * by any column and by status here; a note opens at `/deliveries/edit/:id`, a new one at `/deliveries/create`.
 */
export default function DeliveriesList() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>('all');
  const filter = useMemo<ListQuery['filter']>(() => (shown === 'all' ? [] : [{ field: 'status', op: 'eq', value: shown }]), [shown]);
  return (
    <Stack gap={0} data-testid="deliveries-list">
      <SegmentedControl mx="sm" mt="sm" size="xs" w="fit-content" value={shown} onChange={v => setShown(v as Shown)} data-testid="deliveries-status"
        data={[{ value: 'all', label: t('delivery.all') }, ...DELIVERY_STATUSES.map(s => ({ value: s, label: t(`resources.deliveries.enums.status.${s}`) }))]} />
      <ResourceList key={shown} def={deliveries} filter={filter} />
    </Stack>
  );
}
