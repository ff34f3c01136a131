import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ResourceDef } from '../../domain/registry/resource';
import { bills } from '../../domain/resources/finance/bills';
import { cards } from '../../domain/resources/orders/cards';
import { orders } from '../../domain/resources/orders/orders';
import { inventorydetails } from '../../domain/resources/shopfloor/inventorydetails';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import ResourceList from '../../resources/list/ResourceList';

/**
 * The queries menu (spec §2 `/query/orders`, `/query/cards`; docs/reports.md "Queries"): the generic list of orders or
 * cards — server-paged, sorted, filtered by any column, exported — plus one search box that looks across the row and
 * the rows around it (customer, salesperson, lines and their items, cards, route): the list parameter `anywhere`.
 */
const QUERIES: Readonly<Record<string, { def: ResourceDef; anywhere: boolean }>> = {
  '/query/orders': { def: orders, anywhere: true },
  '/query/cards': { def: cards, anywhere: true },
  // The monitoring menu's "find" (spec §1): where a card, an order's or a customer's work, an item is in production.
  '/orders/cards_find': { def: cards, anywhere: true },
  // Finished-goods inspections: their own list's keyword and column filters.
  '/query/inventorydetails': { def: inventorydetails, anywhere: false },
  // Stock by item, warehouse, position and lot (the stock at each exact place, issue 31 item 5): filtered by any
  // column, exported with the same filters.
  '/query/inventories': { def: stocklots, anywhere: false },
  // Bills (docs/finance.md "9."): found by their number, check code, customer, lines' notes, orders and items.
  '/query/bills': { def: bills, anywhere: true },
};
const DEBOUNCE_MS = 400;

export default function QueryScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const query = QUERIES[pathname.replace(/\/+$/, '')];
  const [text, setText] = useState('');
  const [anywhere] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const extra = useMemo(() => (anywhere ? { anywhere } : undefined), [anywhere]);
  if (!query) return null;
  const { def } = query;
  return (
    <Stack gap={0} data-testid="query-screen" data-resource={def.name}>
      {query.anywhere && <TextInput mx="sm" mt="sm" size="sm" maw={520} leftSection={<IconSearch size={16} />} value={text}
        onChange={e => setText(e.currentTarget.value)} placeholder={t(`reports.anywhere_${def.name}`)}
        aria-label={t(`reports.anywhere_${def.name}`)} data-testid="query-anywhere" />}
      <ResourceList key={def.name} def={def} extra={query.anywhere ? extra : undefined} />
    </Stack>
  );
}
