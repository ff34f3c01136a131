import { Alert, Card, Center, Group, Loader, ScrollArea, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankBalances } from '../../data/bank-balances-client';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import type { BankBalanceRow } from '../../domain/contract/payfees';
import { banks } from '../../domain/resources/finance/banks';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';

/** The figures of a bank's row, in the columns' order. */
const FIGURES = ['opening_balance', 'receipts', 'payouts', 'fees_income', 'fees_expense', 'balance'] as const;

/**
 * The bank accounts' balances (docs/finance.md "6. Payouts, invoices, fees"): per account its opening balance, what
 * came in (receipts, income fees) and went out (payouts, expense fees) through it, and its balance, at the end of a
 * day (empty: everything) — what the accountant compares with the bank's own statement. Shown above the bank accounts'
 * list to the roles that may see receipts' and payouts' amounts (the server answers 403 to the others).
 */
export function BankBalances() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (x: number) => formatForReading(x, lang, 2, 2);
  const [date, setDate] = useState('');
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
  const list = useQuery({
    queryKey: [...queryKeys.all(banks.api), 'balances', asOf ?? ''],
    queryFn: ({ signal }) => bankBalances(asOf ? { date: asOf } : {}, { signal }),
  });
  const rows: BankBalanceRow[] = list.data?.dt ?? [];
  return (
    <Card withBorder p="md" data-testid="bank-balances">
      <Group justify="space-between" align="end" mb="sm">
        <Title order={5}>{t('payfees.banks.title')}</Title>
        <TextInput type="date" label={t('payfees.banks.as_of')} description={t('payfees.banks.as_of_hint')} w={180}
          value={date} onChange={e => setDate(e.currentTarget.value)} data-testid="bank-balances-date" />
      </Group>
      {list.isError && <Alert color="red">{isApiError(list.error) ? list.error.msg : t('payfees.banks.failed')}</Alert>}
      {list.isLoading ? <Center py="md"><Loader size="sm" /></Center> : rows.length === 0
        ? <Text c="dimmed" size="sm">{t('payfees.banks.none')}</Text>
        : (
          <ScrollArea>
            <Table striped withTableBorder verticalSpacing={4} data-testid="bank-balances-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payfees.banks.bank')}</Table.Th>
                  <Table.Th>{t('payfees.banks.currency')}</Table.Th>
                  {FIGURES.map(f => <Table.Th key={f} ta="right">{t(`payfees.banks.${f}`)}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.bank_id} data-testid="bank-balance-row" data-bank={r.bank_id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.currency}</Table.Td>
                    {FIGURES.map(f => <Table.Td key={f} ta="right" data-testid={`bank-${f}`}>{money(r[f])}</Table.Td>)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
    </Card>
  );
}
