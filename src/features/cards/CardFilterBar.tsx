import { Badge, CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardListFilter } from '../../data/cards-client';
import type { RefField } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import { resourceByName } from '../../domain/resources/all';
import { cards } from '../../domain/resources/orders/cards';
import { details } from '../../domain/resources/orders/details';
import { orders } from '../../domain/resources/orders/orders';
import { worknodes } from '../../domain/resources/production/worknodes';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { displayOf } from '../../resources/form/controls/use-ref-options';
import { useResourceDetail } from '../../ui/data/use-resource';

type Progress = NonNullable<CardListFilter['progress']> | 'all';

/** A filter the bar does not edit (it came with a link): what it is, the row's name, and a button to drop it. */
function FilterBadge({ def, id, label, extra, onRemove, testId }: {
  def: ResourceDef; id: number; label: string; extra?: string; onRemove: () => void; testId: string;
}) {
  const { t } = useTranslation();
  const row = useResourceDetail(def, id).data?.row as Record<string, unknown> | undefined;
  const name = row ? displayOf(def, row) : `#${id}`;
  return (
    <Badge variant="light" size="lg" tt="none" data-testid={testId}
      rightSection={<CloseButton size="xs" aria-label={t('cards.filter_remove')} onClick={onRemove} data-testid={`${testId}-remove`} />}>
      {label}: {name}{extra ? ` · ${extra}` : ''}
    </Badge>
  );
}

function refTarget(field: RefField): ResourceDef {
  const def = resourceByName(field.to);
  if (!def) throw new Error(`unknown resource ${field.to}`);
  return def;
}

/**
 * The quick filters of the cards (spec §7 cards list parameters): finished or not, a card-number prefix, the order;
 * and, as removable badges, the filters a link brought (the order line, the work node and its status, the customer,
 * the salesperson, the item).
 */
export function CardFilterBar({ value, onChange }: { value: CardListFilter; onChange: (next: CardListFilter) => void }) {
  const { t } = useTranslation();
  // The prefix is typed; the list follows when the typing pauses, not at every key.
  const [prefix, setPrefix] = useState(value.show_id ?? '');
  // A new prefix from outside (a link, a filter dropped) replaces what the box shows.
  const [seen, setSeen] = useState(value.show_id ?? '');
  if ((value.show_id ?? '') !== seen) {
    setSeen(value.show_id ?? '');
    setPrefix(value.show_id ?? '');
  }
  const [orderLabel, setOrderLabel] = useState<string | undefined>(undefined);
  // An order that came with the URL is named by its row until one is picked here.
  const orderRow = useResourceDetail(orders, orderLabel === undefined && value.order_id != null ? value.order_id : undefined).data?.row;
  const set = (patch: Partial<CardListFilter>) => onChange({ ...value, ...patch });
  const field = (res: ResourceDef, name: string) => t(`resources.${res.name}.fields.${name}`);
  const progress: Progress = value.progress ?? 'all';
  const commitPrefix = () => { if ((value.show_id ?? '') !== prefix.trim()) set({ show_id: prefix.trim() || null }); };

  return (
    <Group gap={8} wrap="wrap" align="flex-end" data-testid="cards-filters">
      <SegmentedControl size="xs" value={progress} data-testid="cards-progress"
        onChange={v => set({ progress: v === 'notfinished' || v === 'finished' ? v : null })}
        data={[
          { value: 'all', label: t('cards.progress_all') },
          { value: 'notfinished', label: t('cards.progress_notfinished') },
          { value: 'finished', label: t('cards.progress_finished') },
        ]} />
      <TextInput size="xs" w={180} placeholder={t('cards.show_id_prefix')} aria-label={t('cards.show_id_prefix')}
        leftSection={<IconSearch size={14} />} value={prefix} onChange={e => setPrefix(e.currentTarget.value)}
        onBlur={commitPrefix} onKeyDown={e => { if (e.key === 'Enter') commitPrefix(); }} data-testid="cards-show-id" />
      <div style={{ width: 220 }}>
        <RefSelect def={cards} name="order_id" field={cards.fields.order_id} label={field(cards, 'order_id')} required={false} disabled={false}
          value={value.order_id ?? null} valueLabel={orderLabel ?? (orderRow ? displayOf(orders, orderRow) : undefined)} onLabel={(_id, l) => setOrderLabel(l)}
          onChange={v => set({ order_id: v })} testId="cards-order" />
      </div>
      {value.quote_id != null && (
        <FilterBadge def={details} id={value.quote_id} label={field(cards, 'detail_id')} testId="cards-filter-quote"
          onRemove={() => set({ quote_id: null })} />
      )}
      {value.node_id != null && (
        <FilterBadge def={worknodes} id={value.node_id} label={field(cards, 'worknode_id')} testId="cards-filter-node"
          extra={value.node_status ? t(`resources.cardnodes.enums.status.${value.node_status}`) : undefined}
          onRemove={() => set({ node_id: null, node_status: null })} />
      )}
      {value.customer_id != null && (
        <FilterBadge def={refTarget(orders.fields.customer_id)} id={value.customer_id} label={field(orders, 'customer_id')}
          testId="cards-filter-customer" onRemove={() => set({ customer_id: null })} />
      )}
      {value.saler_id != null && (
        <FilterBadge def={refTarget(orders.fields.saler_id)} id={value.saler_id} label={field(orders, 'saler_id')}
          testId="cards-filter-saler" onRemove={() => set({ saler_id: null })} />
      )}
      {value.item_id != null && (
        <FilterBadge def={refTarget(cards.fields.item_id)} id={value.item_id} label={field(cards, 'item_id')}
          testId="cards-filter-item" onRemove={() => set({ item_id: null })} />
      )}
    </Group>
  );
}
