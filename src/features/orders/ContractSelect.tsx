import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contracts } from '../../domain/resources/sales/contracts';
import { localDateString } from '../../domain/rules/date-single';
import { useResourceList } from '../../ui/data/use-resource';
import { usableContractsQuery } from './contract-queries';

export interface ContractSelectProps {
  label: string;
  customerId: number | null;
  /** The order's date (today when empty): the contracts valid that day are offered. */
  orderDate: string | null;
  value: number | null;
  /** The current contract's number, shown before the options load (and when it is no longer offered). */
  valueLabel?: string;
  error?: string;
  disabled: boolean;
  onChange: (id: number | null, label: string) => void;
}

/**
 * The order's contract (docs/sales-office.md §1): only the customer's usable contracts valid at the order's date are
 * offered, each as its number and title; empty for an order at the item prices.
 */
export function ContractSelect(p: ContractSelectProps) {
  const { t } = useTranslation();
  const day = p.orderDate || localDateString(new Date());
  const q = useResourceList(contracts, usableContractsQuery(p.customerId ?? 0, day), { enabled: p.customerId !== null, staleTime: 30_000 });
  const data = useMemo(() => {
    const rows = (q.data?.dt ?? []).map(r => ({ value: String(r.id), label: [r.show_id, r.title].filter(Boolean).join(' · ') }));
    if (p.value !== null && !rows.some(r => r.value === String(p.value))) rows.unshift({ value: String(p.value), label: p.valueLabel ?? `#${p.value}` });
    return rows;
  }, [q.data, p.value, p.valueLabel]);
  return (
    <Select label={p.label} data={data} value={p.value === null ? null : String(p.value)} clearable disabled={p.disabled}
      error={p.error} placeholder={p.customerId === null ? t('contracts.pick_customer_first') : t('contracts.none')}
      nothingFoundMessage={t('contracts.none_usable')} data-testid="order-contract"
      onChange={(v, option) => p.onChange(v === null ? null : Number(v), option?.label ?? '')} />
  );
}
