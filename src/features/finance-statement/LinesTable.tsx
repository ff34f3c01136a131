import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportedLine } from '../../domain/contract/statement';
import { statementlines } from '../../domain/resources/finance/statementlines';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useReaderLang } from '../../ui/use-reader-lang';

/** A line as the screen holds it: the import's answer, the customer chosen (the proposal until changed). */
export interface ShownLine extends ImportedLine { chosen_id: number | null; chosen_name: string | null }

/** Whether a line can still become a receipt: new and money in. */
export const postable = (l: ShownLine) => l.status === 'new' && l.amount > 0;

interface Props {
  lines: ShownLine[];
  picked: ReadonlySet<number>;
  busy: boolean;
  onPick(id: number, on: boolean): void;
  onCustomer(id: number, customerId: number | null, name: string | null): void;
}

const STATUS_COLOR = { new: 'blue', posted: 'green', ignored: 'gray' } as const;

/**
 * The lines of an imported statement with their proposals (docs/finance.md "statementlines"): each new line of money
 * in may be ticked and its customer changed; posted and ignored lines, and money out, are shown as they are.
 */
export function LinesTable(p: Props) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (x: number) => formatForReading(Math.abs(x), lang, 2, 2);
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table withTableBorder striped data-testid="statement-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statement.lines.pick')}</Table.Th>
            <Table.Th>{t('statement.lines.row')}</Table.Th>
            <Table.Th>{t('resources.statementlines.fields.date')}</Table.Th>
            <Table.Th>{t('statement.lines.credit')}</Table.Th>
            <Table.Th>{t('statement.lines.debit')}</Table.Th>
            <Table.Th>{t('resources.statementlines.fields.name')}</Table.Th>
            <Table.Th>{t('resources.statementlines.fields.account')}</Table.Th>
            <Table.Th>{t('resources.statementlines.fields.memo')}</Table.Th>
            <Table.Th>{t('resources.statementlines.fields.reference')}</Table.Th>
            <Table.Th miw={240}>{t('statement.lines.proposal')}</Table.Th>
            <Table.Th>{t('statement.lines.reason')}</Table.Th>
            <Table.Th>{t('statement.lines.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lines.map(l => {
            const open = l.status === 'new';
            return (
              <Table.Tr key={`${l.row}-${l.id}`} data-testid="statement-line" data-status={l.status} data-row={l.row}>
                <Table.Td>
                  <Checkbox checked={p.picked.has(l.id)} disabled={!open || p.busy} aria-label={t('statement.lines.pick')}
                    onChange={e => p.onPick(l.id, e.currentTarget.checked)} data-testid="line-pick" />
                </Table.Td>
                <Table.Td>{l.row}</Table.Td>
                <Table.Td>{l.date}</Table.Td>
                <Table.Td ta="right">{l.amount > 0 ? money(l.amount) : ''}</Table.Td>
                <Table.Td ta="right">{l.amount < 0 ? money(l.amount) : ''}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.account}</Table.Td>
                <Table.Td>{l.memo}</Table.Td>
                <Table.Td>{l.reference}</Table.Td>
                <Table.Td data-testid="line-customer">
                  {postable(l)
                    ? <RefSelect def={statementlines} name="customer_id" field={statementlines.fields.customer_id} disabled={p.busy}
                        label="" required={false} testId={`line-customer-${l.row}`} value={l.chosen_id} valueLabel={l.chosen_name ?? undefined}
                        onLabel={(id, label) => p.onCustomer(l.id, id, label)} onChange={v => { if (v === null) p.onCustomer(l.id, null, null); }} />
                    : <Text size="sm">{l.chosen_name ?? l.customer_name ?? ''}</Text>}
                </Table.Td>
                <Table.Td data-testid="line-reason">
                  {open && l.amount > 0 ? <Text size="sm" c={l.reason ? undefined : 'dimmed'}>{t(`statement.reason.${l.reason ?? 'none'}`)}</Text> : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[l.status]} variant="light">{t(`resources.statementlines.enums.status.${l.status}`)}</Badge>
                  {!l.is_new && l.status === 'new' ? <Text size="xs" c="dimmed">{t('statement.lines.duplicate')}</Text> : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
