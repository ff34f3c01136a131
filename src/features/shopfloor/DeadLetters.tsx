import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, ScrollArea, SegmentedControl, Select, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { factsClient } from '../../data/facts-client';
import { queryKeys } from '../../data/query-keys';
import { resourceClient, type ListResult } from '../../data/resource-client';
import type { Filter } from '../../domain/contract/list';
import type { Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { facts } from '../../domain/resources/shopfloor/facts';
import { TAP_ACTIONS } from '../../domain/rules/tap';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { Pager } from '../../ui/grid/Pager';
import { editableArgs, reasonText } from './fact-text';

const client = resourceClient(facts);
type FactRow = ListResult<typeof facts>['dt'][number];
const STATUSES = ['rejected', 'resolved', 'dismissed', 'all'] as const;
type StatusView = (typeof STATUSES)[number];
/** Arguments naming a row of another resource, edited as a search select over it. */
const REF_ARGS = { worknode_id: facts.fields.worknode_id, person_id: facts.fields.person_id, device_id: facts.fields.device_id } as const;

/**
 * /sync/deadletters: the facts the server refused (docs/shopfloor.md), per terminal, with their reasons in the
 * reader's language — and, for a supervisor granted facts' `resolve` action, the two ways out: correct the arguments and
 * resubmit (the rules run again) or dismiss with a note. Resolved and dismissed facts stay listed under their status,
 * with who handled them and when. Nothing here deletes a fact.
 */
export default function DeadLetters() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const qc = useQueryClient();
  const mayResolve = useCan(facts, 'resolve');
  const reachable = useReachable();
  const [status, setStatus] = useState<StatusView>('rejected');
  const [computer, setComputer] = useState<number | null>(null);
  const [computerLabel, setComputerLabel] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [editing, setEditing] = useState<FactRow | null>(null);
  const [dismissing, setDismissing] = useState<FactRow | null>(null);
  const filter: Filter<typeof facts>[] = [
    ...(status === 'all' ? [] : [{ field: 'status', op: 'eq', value: status } as Filter<typeof facts>]),
    ...(computer === null ? [] : [{ field: 'computer_id', op: 'eq', value: computer } as Filter<typeof facts>]),
  ];
  const q = useQuery({
    queryKey: queryKeys.list(facts.api, { deadletters: 1, status, computer, page, pageSize }),
    queryFn: ({ signal }) => client.list({ filter, page, limit: pageSize, sort: ['-at'] }, { signal }),
  });
  const offline = offlineView(q, reachable);
  const rows = q.data?.dt ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.all(facts.api) });

  return (
    <Stack gap="sm" p="sm" data-testid="dead-letters">
      <Group gap={8} align="flex-end" wrap="wrap">
        <SegmentedControl size="xs" value={status} onChange={v => { setStatus(v as StatusView); setPage(1); }} data-testid="dead-letters-status"
          data={STATUSES.map(s => ({ value: s, label: s === 'all' ? t('shopfloor.all') : t(`resources.facts.enums.status.${s}`) }))} />
        <div style={{ width: 220 }}>
          <RefSelect def={facts} name="computer_id" field={facts.fields.computer_id} label={t('shopfloor.terminal')} required={false}
            disabled={false} value={computer} valueLabel={computerLabel} onLabel={(_id, l) => setComputerLabel(l)}
            onChange={v => { setComputer(v); setPage(1); }} testId="dead-letters-computer" />
        </div>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} onClick={() => void q.refetch()}>
          {t('shopfloor.refresh')}
        </Button>
      </Group>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('shopfloor.load_failed')}</Alert>}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm">{t('shopfloor.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped withColumnBorders data-testid="dead-letters-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shopfloor.happened_at')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.computer_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.name')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.card_show_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.worknode_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.person_id')}</Table.Th>
                  <Table.Th>{t('resources.facts.fields.action')}</Table.Th>
                  <Table.Th ta="right">{t('resources.facts.fields.good')}</Table.Th>
                  <Table.Th ta="right">{t('resources.facts.fields.bad')}</Table.Th>
                  <Table.Th>{t('shopfloor.reason')}</Table.Th>
                  <Table.Th>{t('shopfloor.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.id} data-testid="dead-letter" data-status={r.status ?? ''}>
                    <Table.Td>{r.at ? localDateTimeString(new Date(r.at)) : ''}</Table.Td>
                    <Table.Td>{r.computer_id_name}</Table.Td>
                    <Table.Td>{r.name ? t(`resources.facts.enums.name.${r.name}`) : ''}</Table.Td>
                    <Table.Td>{r.card_show_id}</Table.Td>
                    <Table.Td>{r.worknode_id_name}</Table.Td>
                    <Table.Td>{r.person_id_name}</Table.Td>
                    <Table.Td>{r.action ? t(`resources.facts.enums.action.${r.action}`) : ''}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.good, lang)}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.bad, lang)}</Table.Td>
                    <Table.Td data-testid="dead-letter-reason">{reasonText(lang, r.reason, r.reason_params)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={r.status === 'rejected' ? 'red' : r.status === 'dismissed' ? 'gray' : 'green'}>
                        {r.status ? t(`resources.facts.enums.status.${r.status}`) : ''}
                      </Badge>
                      {r.resolved_at && (
                        <Text size="xs" c="dimmed">
                          {t('shopfloor.resolved', { by: r.resolved_by_name ?? '', at: localDateTimeString(new Date(r.resolved_at)) })}
                          {r.note ? `：${r.note}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {mayResolve && r.status === 'rejected' && (
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="light" disabled={!reachable} onClick={() => setEditing(r)} data-testid="dead-letter-resubmit">
                            {t('shopfloor.resubmit')}
                          </Button>
                          <Button size="compact-xs" variant="default" disabled={!reachable} onClick={() => setDismissing(r)} data-testid="dead-letter-dismiss">
                            {t('shopfloor.dismiss')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {q.data && q.data.total > pageSize && (
        <Pager page={page} pageSize={pageSize} total={q.data.total} onPage={setPage} onPageSize={n => { setPageSize(n); setPage(1); }} />
      )}
      {editing && <ResubmitDialog fact={editing} onClose={() => setEditing(null)} onDone={() => { setEditing(null); void refresh(); }} />}
      {dismissing && <DismissDialog fact={dismissing} onClose={() => setDismissing(null)} onDone={() => { setDismissing(null); void refresh(); }} />}
    </Stack>
  );
}

/** The fact's plain arguments as fields: references as search selects, the action as a choice, numbers, texts. */
function ResubmitDialog({ fact, onClose, onDone }: { fact: FactRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...(fact.args as Record<string, unknown> | null ?? {}) }));
  const [labels, setLabels] = useState<Record<string, string>>({
    ...(fact.worknode_id_name ? { worknode_id: fact.worknode_id_name } : {}),
    ...(fact.person_id_name ? { person_id: fact.person_id_name } : {}),
    ...(fact.device_id_name ? { device_id: fact.device_id_name } : {}),
  });
  const [busy, setBusy] = useState(false);
  const set = (k: string, v: unknown) => setValues(x => ({ ...x, [k]: v }));
  const submit = async () => {
    setBusy(true);
    try {
      await factsClient.resubmit({ id: fact.id, version: fact.version, args: values });
      onDone();
    } catch {
      // The data layer has shown why (a refusal of the corrected fact is a reply, not an error: the list shows it).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('shopfloor.resubmit_title')} size="md">
      <Stack gap="sm" data-testid="resubmit-dialog">
        <Text size="sm" c="dimmed">{t('shopfloor.resubmit_hint')}</Text>
        {editableArgs(fact.args).map(({ key, value }) => {
          const label = t(`resources.facts.fields.${key}`, { defaultValue: key });
          if (key in REF_ARGS) {
            const field = REF_ARGS[key as keyof typeof REF_ARGS];
            return (
              <RefSelect key={key} def={facts} name={key} field={field} label={label} required={false} disabled={false}
                value={typeof values[key] === 'number' ? values[key] : null} valueLabel={labels[key]}
                onLabel={(_id, l) => setLabels(x => ({ ...x, [key]: l }))} onChange={v => set(key, v)} testId={`resubmit-${key}`} />
            );
          }
          if (key === 'action') {
            return (
              <Select key={key} label={label} allowDeselect={false} value={String(values[key] ?? value)} onChange={v => set(key, v)}
                data={TAP_ACTIONS.map(a => ({ value: a, label: t(`resources.facts.enums.action.${a}`) }))} data-testid="resubmit-action" />
            );
          }
          if (typeof value === 'boolean') {
            return <Switch key={key} label={label} checked={values[key] === true} onChange={e => set(key, e.currentTarget.checked)} />;
          }
          if (typeof value === 'number' || key === 'good' || key === 'bad' || key === 'quantity' || key === 'bad_quantity' || key === 'weight') {
            return (
              <NumberInput key={key} label={label} decimalScale={4} min={0} value={(values[key] as number | null) ?? ''}
                onChange={v => set(key, v === '' ? null : Number(v))} data-testid={`resubmit-${key}`} />
            );
          }
          return (
            <TextInput key={key} label={label} value={String(values[key] ?? '')} onChange={e => set(key, e.currentTarget.value)}
              data-testid={`resubmit-${key}`} />
          );
        })}
        <Group justify="flex-end" gap={8}>
          <Button size="xs" variant="default" onClick={onClose}>{t('shopfloor.cancel')}</Button>
          <Button size="xs" loading={busy} onClick={() => void submit()} data-testid="resubmit-save">{t('shopfloor.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DismissDialog({ fact, onClose, onDone }: { fact: FactRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (note.trim() === '') { setError(t('shopfloor.note_required')); return; }
    setBusy(true);
    try {
      await factsClient.dismiss({ id: fact.id, version: fact.version, note: note.trim() });
      onDone();
    } catch {
      // The data layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('shopfloor.dismiss_title')} size="md">
      <Stack gap="sm" data-testid="dismiss-dialog">
        <Text size="sm" c="dimmed">{t('shopfloor.dismiss_hint')}</Text>
        <Textarea label={t('shopfloor.note')} withAsterisk autosize minRows={2} value={note} error={error}
          onChange={e => { setNote(e.currentTarget.value); setError(undefined); }} data-testid="dismiss-note" />
        <Group justify="flex-end" gap={8}>
          <Button size="xs" variant="default" onClick={onClose}>{t('shopfloor.cancel')}</Button>
          <Button size="xs" color="gray" loading={busy} onClick={() => void submit()} data-testid="dismiss-save">{t('shopfloor.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
