import { Alert, Anchor, Button, Checkbox, FileButton, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCheck, IconChecks, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../data/errors';
import { resourceClient } from '../../data/resource-client';
import { statementClient } from '../../data/statement-client';
import { MAPPING_COLUMNS, statementMappingSchema, type StatementMapping } from '../../domain/contract/statement';
import { bankmappings } from '../../domain/resources/finance/bankmappings';
import { receipts } from '../../domain/resources/finance/receipts';
import { statementlines } from '../../domain/resources/finance/statementlines';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { formatForReading } from '../../domain/rules/numbers';
import { readStatementFile, SpreadsheetError } from '../../workers/spreadsheet';
import type { StatementRead, StatementSheet } from '../../workers/statement-parse';
import { LinesTable, postable, type ShownLine } from './LinesTable';
import { MappingStep } from './MappingStep';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/** What the last call did, for the summary. */
interface Summary {
  read?: StatementRead;
  imported?: { new: number; duplicate: number };
  posted?: { posted: number; already: number; receipts: string[]; allocated: number };
  ignored?: number;
}

/** The bank's saved mapping, as the contract reads it (null: none yet). */
async function savedMapping(bankId: number): Promise<StatementMapping | null> {
  const [row] = (await resourceClient(bankmappings).list({ limit: 1, filter: [{ field: 'bank_id', op: 'eq', value: bankId }] })).dt;
  if (!row) return null;
  const parsed = statementMappingSchema.safeParse(Object.fromEntries(['header_row', 'date_format', ...MAPPING_COLUMNS]
    .map(c => [c, row[c as keyof typeof row] ?? undefined])));
  return parsed.success ? parsed.data : null;
}

/**
 * `/payments/upload-excel` (导入收款, docs/finance.md "4. Bank statement import"): the accountant chooses the bank
 * account and drops the statement file; the spreadsheet worker reads it (with its time limit) by the bank's saved
 * mapping, or finds the header row and proposes one, which the mapping step confirms (and the import saves). The lines
 * go to the server, which stores the new ones once and proposes a customer for each; the accountant accepts or changes
 * the proposals, ticks the lines and posts them (one receipt each, never two) or ignores them.
 */
export default function StatementImport() {
  const { t } = useTranslation();
  const reachable = useReachable();
  const lang = useReaderLang();
  const mayImport = useCan(receipts, 'import');
  const [bank, setBank] = useState<number | null>(null);
  const [bankName, setBankName] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<StatementSheet | null>(null);
  const [draft, setDraft] = useState<StatementMapping | null>(null);
  const [why, setWhy] = useState<'new' | 'changed'>('new');
  const [lines, setLines] = useState<ShownLine[]>([]);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [summary, setSummary] = useState<Summary>({});
  const [busy, setBusy] = useState(false);
  const [allocate, setAllocate] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const fail = (e: unknown) => {
    if ((e as { name?: unknown } | null)?.name === 'AbortError') return;
    if (e instanceof SpreadsheetError) setError(t('statement.sheet_error', { reason: e.message }));
    else setError(isApiError(e) ? e.msg : String(e));
  };

  /** Sends what the worker read to the server, and shows its answer. */
  const importRead = async (bankId: number, read: StatementRead, used: StatementMapping) => {
    setSummary({ read });
    if (read.lines.length === 0) return;
    const reply = await statementClient.importLines(bankId, used, read.lines, { signal: abort.current?.signal });
    const shown = reply.lines.map(l => ({ ...l, chosen_id: l.customer_id, chosen_name: l.customer_name }));
    setLines(shown);
    setPicked(new Set(shown.filter(l => postable(l) && l.chosen_id !== null).map(l => l.id)));
    setSummary({ read, imported: { new: reply.new, duplicate: reply.duplicate } });
    setDraft(null);
  };

  const read = async (f: File, mapping: StatementMapping | null, headerRow?: number) => {
    abort.current?.abort();
    abort.current = new AbortController();
    const s = await readStatementFile(await f.arrayBuffer(), f.name, mapping, { signal: abort.current.signal, headerRow });
    setSheet(s);
    return s;
  };

  const pick = async (f: File | null) => {
    resetInput.current?.();
    if (!f || bank === null) return;
    setFile(f);
    setError(null);
    setLines([]);
    setPicked(new Set());
    setSummary({});
    setDraft(null);
    setBusy(true);
    try {
      const saved = await savedMapping(bank);
      const s = await read(f, saved);
      if (s.read && s.used) await importRead(bank, s.read, s.used);
      else {
        setWhy(saved ? 'changed' : 'new');
        setDraft(s.proposal);
      }
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const readWithDraft = async () => {
    if (!file || bank === null || !draft) return;
    const checked = statementMappingSchema.safeParse(draft);
    if (!checked.success) { setError(t('statement.mapping.incomplete')); return; }
    setError(null);
    setBusy(true);
    try {
      const s = await read(file, checked.data);
      if (s.read && s.used) await importRead(bank, s.read, s.used);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  /** The headers are on another row: read the file again from there, and propose from its headers. */
  const headerRowChanged = async (row: number) => {
    if (!file) return;
    setBusy(true);
    try {
      const s = await read(file, null, row - 1);
      setDraft(s.proposal);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const chosen = lines.filter(l => picked.has(l.id));

  const post = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await statementClient.post(chosen.filter(postable).map(l => ({ id: l.id, customer_id: l.chosen_id })), allocate);
      const byId = new Map(reply.lines.map(r => [r.id, r]));
      setLines(ls => ls.map(l => (byId.has(l.id) ? { ...l, status: 'posted', receipt_id: byId.get(l.id)!.receipt_id } : l)));
      setPicked(new Set());
      setSummary(s => ({ ...s, posted: { posted: reply.posted, already: reply.already,
        receipts: reply.lines.map(r => r.receipt_show_id ?? `#${r.receipt_id}`),
        allocated: Math.round(reply.lines.reduce((sum, r) => sum + r.allocated * 10_000, 0)) / 10_000 } }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const ignore = async () => {
    setBusy(true);
    setError(null);
    try {
      const ids = chosen.filter(l => l.status === 'new').map(l => l.id);
      const reply = await statementClient.ignore(ids);
      setLines(ls => ls.map(l => (ids.includes(l.id) ? { ...l, status: 'ignored' } : l)));
      setPicked(new Set());
      setSummary(s => ({ ...s, ignored: reply.ignored }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const r = summary.read;
  return (
    <Stack gap="md" data-testid="statement-import">
      <Title order={3}>{t('statement.title')}</Title>
      {!reachable && <Alert color="yellow">{t('statement.offline')}</Alert>}
      <Paper withBorder p="md">
        <Group align="end" wrap="wrap">
          <div style={{ minWidth: 260 }}>
            <RefSelect def={statementlines} name="bank_id" field={statementlines.fields.bank_id} required disabled={busy}
              label={t('statement.bank')} value={bank} valueLabel={bankName} testId="statement-bank"
              onLabel={(_, label) => setBankName(label)} onChange={setBank} />
          </div>
          <FileButton onChange={f => void pick(f)} accept={ACCEPT} resetRef={resetInput} disabled={bank === null || busy || !reachable || !mayImport}
            inputProps={{ 'data-testid': 'statement-file-input' } as ComponentProps<'input'>}>
            {props => (
              <Button {...props} leftSection={<IconFileSpreadsheet size={16} />} disabled={bank === null || busy || !reachable || !mayImport}
                data-testid="statement-file">{t('statement.file')}</Button>
            )}
          </FileButton>
          {busy && <Loader size="sm" />}
        </Group>
        {bank === null && <Text size="sm" c="dimmed" mt="xs">{t('statement.file_hint')}</Text>}
      </Paper>

      {error && <Alert color="red" data-testid="statement-error">{error}</Alert>}

      {draft && sheet && (
        <MappingStep why={why} headers={sheet.headers} sample={sheet.sample} mapping={draft} busy={busy}
          onChange={setDraft} onHeaderRow={row => void headerRowChanged(row)} onRead={() => void readWithDraft()} />
      )}

      {r && (
        <Paper withBorder p="md" data-testid="statement-summary">
          <Stack gap={4}>
            <Text size="sm">{t('statement.summary.read', { count: r.lines.length })}</Text>
            {summary.imported && <Text size="sm" data-testid="summary-imported">{t('statement.summary.imported', summary.imported)}</Text>}
            {summary.posted && (
              <Text size="sm" data-testid="summary-posted">
                {t('statement.summary.posted', { posted: summary.posted.posted, receipts: summary.posted.receipts.join(', ') })}
                {summary.posted.allocated > 0 ? ` · ${t('statement.summary.allocated', { amount: formatForReading(summary.posted.allocated, lang, 2, 2) })}` : ''}
                {summary.posted.already > 0 ? ` · ${t('statement.summary.already', { count: summary.posted.already })}` : ''}
                {' '}<Anchor component={Link} to="/payments/list" data-testid="statement-to-receipts">{t('statement.to_receipts')}</Anchor>
              </Text>
            )}
            {summary.ignored !== undefined && <Text size="sm">{t('statement.summary.ignored', { count: summary.ignored })}</Text>}
            {r.skipped > 0 && <Text size="sm" c="dimmed">{t('statement.summary.skipped', { count: r.skipped })}</Text>}
            {r.errors.length > 0 && (
              <>
                <Text size="sm" c="red">{t('statement.summary.errors', { count: r.errors.length })}</Text>
                <List size="sm" c="red" data-testid="statement-row-errors">
                  {r.errors.slice(0, 50).map(e => (
                    <List.Item key={e.row}>{t('statement.row_error', { row: e.row, reason: t(`statement.row_errors.${e.key}`) })}</List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        </Paper>
      )}

      {lines.length > 0 && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('statement.lines.title')}</Title>
            <Group>
              <Button variant="default" leftSection={<IconChecks size={16} />} disabled={busy}
                onClick={() => setPicked(new Set(lines.filter(postable).map(l => l.id)))} data-testid="statement-pick-all">
                {t('statement.lines.accept_all')}
              </Button>
              <Checkbox label={t('statement.lines.allocate')} checked={allocate} disabled={busy}
                onChange={e => setAllocate(e.currentTarget.checked)} data-testid="statement-allocate" />
              <Button leftSection={<IconCheck size={16} />} loading={busy} disabled={!reachable || chosen.filter(postable).length === 0}
                onClick={() => void post()} data-testid="statement-post">{t('statement.lines.post')}</Button>
              <Button color="gray" variant="light" leftSection={<IconBan size={16} />} disabled={!reachable || busy
                || chosen.every(l => l.status !== 'new')} onClick={() => void ignore()} data-testid="statement-ignore">{t('statement.lines.ignore')}</Button>
            </Group>
          </Group>
          <LinesTable lines={lines} picked={picked} busy={busy}
            onPick={(id, on) => setPicked(p => { const n = new Set(p); if (on) n.add(id); else n.delete(id); return n; })}
            onCustomer={(id, customerId, name) => setLines(ls => ls.map(l => (l.id === id ? { ...l, chosen_id: customerId, chosen_name: name } : l)))} />
        </Stack>
      )}
    </Stack>
  );
}
