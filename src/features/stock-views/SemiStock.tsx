import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from '../../domain/contract/list';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { warehouses } from '../../domain/resources/warehouse/warehouses';
import ResourceList from '../../resources/list/ResourceList';
import { useResourceList } from '../../ui/data/use-resource';
import { semiStockFilter } from './semi-stock';

const SEMI_STORES: ListQuery<typeof warehouses> = { limit: -1, filter: [{ field: 'kind', op: 'eq', value: 'semi' }] };

/**
 * /inventory/list_temp (半成品库存, decision 184): the semi-finished stock by card — the stock at each place whose lot is
 * a process card, in the warehouses whose type is semi-finished (`warehouses.kind = 'semi'`), on the generic list of
 * exact places, paged, filtered and exported by the server with those filters always applied.
 */
export default function SemiStock() {
  const { t } = useTranslation();
  // The warehouses are master data kept offline: the semi-finished stores are known without the server.
  const stores = useResourceList(warehouses, SEMI_STORES);
  const ids = useMemo(() => (stores.data?.dt ?? []).map(w => w.id), [stores.data]);
  const filter = useMemo(() => semiStockFilter(ids), [ids]);
  return (
    <Stack gap={0} data-testid="semi-stock">
      <Text mx="sm" mt="sm" size="sm" c="dimmed">{t('stockviews.semi_note')}</Text>
      {stores.isPending && <Loader size="xs" m="sm" />}
      {stores.isError && <Alert m="sm" color="red" py={6}>{t('stockviews.load_failed')}</Alert>}
      {stores.isSuccess && ids.length === 0 && <Alert m="sm" color="yellow" py={6} data-testid="semi-none">{t('stockviews.semi_none')}</Alert>}
      {stores.isSuccess && ids.length > 0 && <ResourceList def={stocklots} filter={filter} />}
    </Stack>
  );
}
