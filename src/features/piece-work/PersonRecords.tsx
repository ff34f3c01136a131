import { Alert, Anchor, Loader, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pieceWorkClient } from '../../data/piece-work-client';
import { queryKeys } from '../../data/query-keys';
import type { WorksReportParams, WorksReportRow } from '../../domain/contract/piece-work';
import { editPathOf } from '../../domain/menu/resource-paths';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { works } from '../../domain/resources/production/works';
import { formatPay, formatRate } from './money';

/**
 * The drill-down of one person's row of the report: their records of the range in date order (the slips call for
 * one person), each opening its record.
 */
export function PersonRecords({ person, params, onClose }: { person: WorksReportRow | null; params: WorksReportParams; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const q = useQuery({
    queryKey: queryKeys.list(works.api, { slips: 1, ...params, person: person?.person_id }),
    queryFn: ({ signal }) => pieceWorkClient.slips({ ...params, person_ids: [person!.person_id] }, { signal }),
    enabled: person !== null,
  });
  const slip = q.data?.dt[0];
  const hidden = q.data?.amount_hidden ?? false;
  return (
    <Modal opened={person !== null} onClose={onClose} size="80rem" title={t('piecework.person_records', { name: person?.name ?? '' })}>
      {q.isLoading && <Loader size="sm" />}
      {q.isError && <Alert color="red" py={6}>{t('piecework.load_failed')}</Alert>}
      {q.data && !slip && <Text c="dimmed" size="sm">{t('piecework.none')}</Text>}
      {slip && (
        <ScrollArea.Autosize mah="70vh">
          <Table striped withColumnBorders data-testid="works-person-records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.works.fields.work_date')}</Table.Th>
                <Table.Th>{t('resources.works.fields.worknode_id')}</Table.Th>
                <Table.Th>{t('resources.works.fields.card_show_id')}</Table.Th>
                <Table.Th>{t('resources.works.fields.item_id')}</Table.Th>
                <Table.Th ta="right">{t('resources.works.fields.quantity')}</Table.Th>
                <Table.Th ta="right">{t('resources.works.fields.bad_quantity')}</Table.Th>
                <Table.Th ta="right">{t('resources.works.fields.weight')}</Table.Th>
                <Table.Th ta="right">{t('resources.works.fields.metres')}</Table.Th>
                <Table.Th>{t('resources.works.fields.basis')}</Table.Th>
                {!hidden && <Table.Th ta="right">{t('resources.works.fields.rate')}</Table.Th>}
                {!hidden && <Table.Th ta="right">{t('resources.works.fields.amount')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slip.rows.map(r => (
                <Table.Tr key={r.id} data-testid="works-person-record">
                  <Table.Td>
                    <Anchor component={Link} to={editPathOf(works, r.id) ?? '#'} size="sm">{r.work_date}</Anchor>
                  </Table.Td>
                  <Table.Td>{r.worknode_name}</Table.Td>
                  <Table.Td>{r.card_show_id}</Table.Td>
                  <Table.Td>{r.item_name}</Table.Td>
                  <Table.Td ta="right">{formatForReading(r.quantity, lang)}</Table.Td>
                  <Table.Td ta="right">{formatForReading(r.bad_quantity, lang)}</Table.Td>
                  <Table.Td ta="right">{formatForReading(r.weight, lang)}</Table.Td>
                  <Table.Td ta="right">{formatForReading(r.metres, lang)}</Table.Td>
                  <Table.Td>{r.basis ? t(`resources.works.enums.basis.${r.basis}`) : ''}</Table.Td>
                  {!hidden && <Table.Td ta="right">{formatRate(r.rate, lang)}</Table.Td>}
                  {!hidden && <Table.Td ta="right">{formatPay(r.amount, lang)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
