import { SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { orders } from '../../domain/resources/orders/orders';
import { fieldLabelKey, formFields, type FormMode } from '../../resources/form/field-kinds';
import { FieldControl } from '../../resources/form/FieldControl';
import type { FormValues, RefLabels } from '../../resources/form/form-values';
import { ContractSelect } from './ContractSelect';

export interface OrderHeaderProps {
  mode: FormMode;
  values: FormValues;
  refLabels: RefLabels;
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  /** The order number no longer changes (the order is past draft). */
  showIdLocked: boolean;
  onChange: (name: string, value: unknown) => void;
  onRefLabel: (name: string, id: number, label: string) => void;
}

/**
 * The order's own fields with the generic form's controls, labelled from the declaration: on a saved order also its
 * status, totals and check code, read-only (the server keeps them). The contract is picked among the customer's usable
 * contracts at the order's date (ContractSelect), and a change of customer clears it (it was the other customer's).
 */
export function OrderHeader(p: OrderHeaderProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => formFields(orders, p.mode), [p.mode]);
  const onChange = (name: string, value: unknown) => {
    if (name === 'customer_id' && value !== p.values.customer_id && p.values.contract_id != null) p.onChange('contract_id', null);
    p.onChange(name, value);
  };
  const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing={6} data-testid="order-header">
      {fields.map(spec => (
        <div key={spec.name} data-field={spec.name} style={spec.wide ? { gridColumn: '1 / -1' } : undefined}>
          {spec.name === 'contract_id' ? (
            <ContractSelect label={t(fieldLabelKey(orders, spec.name))} customerId={numberOrNull(p.values.customer_id)}
              orderDate={typeof p.values.order_date === 'string' ? p.values.order_date : null} value={numberOrNull(p.values.contract_id)}
              valueLabel={p.refLabels.contract_id?.[Number(p.values.contract_id)]} error={p.errors.contract_id} disabled={p.disabled}
              onChange={(id, label) => { if (id !== null) p.onRefLabel('contract_id', id, label); p.onChange('contract_id', id); }} />
          ) : (
            <FieldControl def={orders} spec={spec} mode={p.mode} label={t(fieldLabelKey(orders, spec.name))} values={p.values}
              error={p.errors[spec.name]} disabled={p.disabled || (spec.name === 'show_id' && p.showIdLocked)}
              refLabels={p.refLabels[spec.name] ?? {}} onChange={onChange} onRefLabel={p.onRefLabel} />
          )}
          {spec.name === 'show_id' && !p.showIdLocked && !p.disabled && (
            <Text size="xs" c="dimmed" mt={2}>{t('orders.show_id_hint')}</Text>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}
