import '@mantine/dates/styles.css';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconArrowLeft, IconCircleCheck, IconDeviceFloppy, IconHistory, IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { activate, saveContract } from '../../data/contracts-client';
import { isAbort, isApiError } from '../../data/errors';
import { newRequestId } from '../../data/resource-client';
import type { ContractLineRow, ContractRow, ContractTransitionReply, SaveContractReply } from '../../domain/contract/contracts';
import { translate } from '../../domain/messages/catalog';
import { listPathOf } from '../../domain/menu/resource-paths';
import { contractlines } from '../../domain/resources/sales/contractlines';
import { contracts } from '../../domain/resources/sales/contracts';
import type { ContractStatus } from '../../domain/rules/contracts';
import { ConflictDialog, conflictOf, type Conflict } from '../../resources/form/ConflictDialog';
import { DATES_LOCALE } from '../../resources/form/dates-locale';
import { fieldLabelKey, formFields } from '../../resources/form/field-kinds';
import { FieldControl } from '../../resources/form/FieldControl';
import { refLabelsOf, toFormValues, type FormValues, type RefLabels } from '../../resources/form/form-values';
import { HistoryDrawer } from '../../resources/form/history/HistoryDrawer';
import { catalogLang, errorTexts, prepareSave } from '../../resources/form/prepare-save';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import type { OfflineView } from '../../ui/data/use-resource';
import { useSaveGuard } from '../../ui/use-save-guard';
import { blankContractLine, contractLineFromRow, planContractLines, type ContractLineDraft } from './contract-lines';
import { ContractFiles } from './ContractFiles';
import { ContractLinesTable } from './ContractLinesTable';
import { TerminateDialog } from './TerminateDialog';

export interface ContractEditorProps {
  /** The saved contract; undefined for a new one. */
  contract?: ContractRow;
  lines: readonly ContractLineRow[];
  offline: OfflineView;
  reachable: boolean;
  onSaved: (reply: SaveContractReply) => void;
  onTransitioned: (reply: ContractTransitionReply) => void;
  onReload: () => Promise<void>;
}

/** Header fields an active, expired or terminated contract keeps as signed (decision 259; the server refuses them). */
const FIXED_AFTER_DRAFT = new Set(['customer_id', 'currency', 'valid_from']);

let keySeq = 0;
const newKey = () => `new-${++keySeq}`;

/**
 * The contract entry's body (docs/sales-office.md §1): header, the lines grid (item, agreed quantity and price; and
 * per line what was ordered, delivered, billed and is left), the files, Save (one `save_with_lines`), Activate and
 * Terminate, history. Read once from its props: the page gives it a new `key` to start over.
 *
 * Rules: a draft changes freely; an active contract keeps its customer, currency, start, lines and prices (the end,
 * the terms, the remark and the files still change); moves act on the contract as saved, so they wait for a Save.
 */
export function ContractEditor(p: ContractEditorProps) {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const navigate = useNavigate();
  const [contract] = useState(p.contract);
  const mode = contract ? 'edit' : 'create';
  const status: ContractStatus = contract?.status ?? 'draft';
  const canceled = contract?.canceled === true;
  const draft = status === 'draft';
  const mayCreate = useCan(contracts, 'create');
  const mayEdit = useCan(contracts, 'edit');
  const mayActivate = useCan(contracts, 'activate');
  const mayTerminate = useCan(contracts, 'terminate');
  const mayLines = useCan(contractlines, mode === 'create' ? 'create' : 'edit');
  const allowed = (mode === 'create' ? mayCreate : mayEdit) && mayLines;
  const editable = allowed && p.reachable && !p.offline.offline && !canceled;
  const linesEditable = editable && draft;

  const headerStart = useMemo(() => toFormValues(contracts, contract, mode), [contract, mode]);
  const [header, setHeader] = useState<FormValues>(headerStart);
  const [refLabels, setRefLabels] = useState<RefLabels>(() => refLabelsOf(contracts, contract));
  const baseline = useMemo(() => new Map(p.lines.map(r => [r.id, contractLineFromRow(r)])), [p.lines]);
  const [lines, setLines] = useState<ContractLineDraft[]>(() => p.lines.map(contractLineFromRow));
  const [removed, setRemoved] = useState<{ id: number; version: number }[]>([]);
  const [headerErrors, setHeaderErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, Record<string, string>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [terminating, setTerminating] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const { run, busy } = useSaveGuard();

  const headerPlan = prepareSave(contracts, header, headerStart, mode);
  const linesPlan = planContractLines(lines, baseline);
  const dirty = Object.keys(headerPlan.values).length > 0 || linesPlan.lines.length > 0 || removed.length > 0;

  const changeLine = (key: string, update: (l: ContractLineDraft) => ContractLineDraft) =>
    setLines(ls => ls.map(l => (l.key === key ? update(l) : l)));
  const removeLine = (key: string) => {
    const line = lines.find(l => l.key === key);
    if (line?.id != null && line.version != null) setRemoved(r => [...r, { id: line.id!, version: line.version! }]);
    setLines(ls => ls.filter(l => l.key !== key));
  };

  const save = () => void run(async () => {
    if (!editable) return;
    setOtherError(null);
    const h = prepareSave(contracts, header, headerStart, mode);
    const plan = planContractLines(lines, baseline);
    const clientLineErrors = Object.fromEntries(Object.entries(plan.errors).map(([k, e]) =>
      [k, Object.fromEntries(Object.entries(e).map(([f, key]) => [f, translate(lang, key)]))]));
    setHeaderErrors(errorTexts(h.errors, lang));
    setLineErrors(clientLineErrors);
    if (Object.keys(h.errors).length > 0 || Object.keys(plan.errors).length > 0) return;
    const item = contract ? { ...h.values, id: contract.id, version: contract.version } : h.values;
    try {
      const reply = await saveContract({ item, lines: plan.lines, removed }, { idempotencyKey: contract ? undefined : requestId });
      setRequestId(newRequestId());
      p.onSaved(reply);
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      const c = conflictOf(e);
      if (c) { setConflict(c); return; }
      if (e.kind === 'rejected') setRequestId(newRequestId());
      // `lines.<i>.<field>` names the i-th line sent; anything else is the header's, or the whole save's.
      const hErr: Record<string, string> = {};
      const lErr: Record<string, Record<string, string>> = {};
      for (const [k, msg] of Object.entries(e.errors)) {
        const m = /^lines\.(\d+)\.(\w+)$/.exec(k);
        const lineKey = m ? plan.sentKeys[Number(m[1])] : undefined;
        if (m && lineKey) lErr[lineKey] = { ...lErr[lineKey], [m[2]!]: msg };
        else hErr[k] = msg;
      }
      setHeaderErrors(hErr);
      setLineErrors(lErr);
      if (Object.keys(e.errors).length === 0) setOtherError(e.message);
    }
  });

  const doActivate = () => void run(async () => {
    if (!contract) return;
    try {
      p.onTransitioned(await activate({ id: contract.id, version: contract.version }));
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      const c = conflictOf(e);
      if (c) setConflict(c);
    }
  });

  const reload = async () => {
    setReloading(true);
    try { await p.onReload(); } finally { setReloading(false); }
  };

  const fields = formFields(contracts, mode);
  const showId = headerStart.show_id;
  const listPath = listPathOf(contracts);
  const moveBlocked = dirty ? t('contracts.save_first') : !p.reachable ? t('offline.write_disabled') : undefined;
  return (
    <DatesProvider settings={{ locale: DATES_LOCALE[lang], firstDayOfWeek: 1 }}>
      <Stack p="md" gap="sm" data-testid="contract-entry" data-mode={mode} data-status={status}>
        <Group justify="space-between">
          <Title order={4}>
            {mode === 'create' ? t('contracts.title_create') : `${t('resources.contracts.name')}${typeof showId === 'string' && showId ? ` · ${showId}` : ''}`}
          </Title>
          {contract && (
            <Button variant="default" size="xs" leftSection={<IconHistory size={14} />} onClick={() => setHistoryOpen(true)}>
              {t('forms.history')}
            </Button>
          )}
        </Group>
        {canceled && <Alert color="gray" py={6}>{t('forms.canceled_readonly')}</Alert>}
        <OfflineNotice view={p.reachable || contract ? p.offline : { offline: true, asOf: null }}
          message={contract ? undefined : t('offline.write_disabled')} />
        {!allowed && <Alert color="gray" py={6}>{t('lists.read_only')}</Alert>}
        {contract && !canceled && status === 'active' && <Alert color="blue" py={6} data-testid="contract-fixed">{t('contracts.fixed_notice')}</Alert>}
        {contract && !canceled && (status === 'expired' || status === 'terminated') && (
          <Alert color="gray" py={6}>{t('contracts.ended_notice', { status: t(`resources.contracts.enums.status.${status}`) })}</Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing={6} data-testid="contract-header">
          {fields.map(spec => (
            <div key={spec.name} data-field={spec.name} style={spec.wide ? { gridColumn: '1 / -1' } : undefined}>
              <FieldControl def={contracts} spec={spec} mode={mode} label={t(fieldLabelKey(contracts, spec.name))} values={header}
                error={headerErrors[spec.name]} disabled={!editable || (!draft && FIXED_AFTER_DRAFT.has(spec.name))}
                refLabels={refLabels[spec.name] ?? {}} onChange={(name, v) => setHeader(h => ({ ...h, [name]: v }))}
                onRefLabel={(name, id, label) => setRefLabels(r => ({ ...r, [name]: { ...r[name], [id]: label } }))} />
            </div>
          ))}
        </SimpleGrid>
        {contract && !canceled && (
          <Group gap="xs">
            <Text size="sm">{t('resources.contracts.fields.status')}: <b data-testid="contract-status">{t(`resources.contracts.enums.status.${status}`)}</b></Text>
            {draft && mayActivate && (
              <Button size="xs" color="green" leftSection={<IconCircleCheck size={14} />} disabled={!!moveBlocked} title={moveBlocked}
                onClick={doActivate} data-testid="contract-activate">
                {t('contracts.activate')}
              </Button>
            )}
            {/* The approval panel (docs/sales-office.md §4, GET /approvals/gate/) comes with approvals. */}
            {(status === 'active' || status === 'expired') && mayTerminate && (
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={!!moveBlocked} title={moveBlocked}
                onClick={() => setTerminating(true)} data-testid="contract-terminate">
                {t('contracts.terminate')}
              </Button>
            )}
          </Group>
        )}
        <Group gap="xs">
          <Title order={5}>{t('contracts.lines')}</Title>
          <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} disabled={!linesEditable}
            onClick={() => setLines(ls => [...ls, blankContractLine(newKey())])} data-testid="contract-add-line">
            {t('contracts.add_line')}
          </Button>
        </Group>
        <ContractLinesTable lines={lines} editable={linesEditable} errorsOf={key => lineErrors[key] ?? {}}
          onChange={changeLine} onRemove={removeLine}
          onEnterLast={() => setLines(ls => [...ls, blankContractLine(newKey())])} />
        {otherError && <Text c="red" size="sm">{otherError}</Text>}
        <Group gap="sm">
          <Button onClick={save} disabled={!editable} data-testid="save-button" data-busy={busy || undefined}
            leftSection={<IconDeviceFloppy size={16} />} style={busy ? { opacity: 0.7, cursor: 'progress' } : undefined}>
            {t('forms.save')}
          </Button>
          {listPath && (
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(listPath)}>
              {t('forms.back')}
            </Button>
          )}
          {dirty && editable && <Text size="xs" c="orange" data-testid="contract-dirty">{t('contracts.unsaved')}</Text>}
        </Group>
        <ContractFiles contractId={contract?.id} editable={p.reachable && !p.offline.offline && !canceled} />
      </Stack>
      <ConflictDialog conflict={conflict} reloading={reloading} onCancel={() => setConflict(null)}
        onReload={() => void reload().then(() => setConflict(null))} />
      {contract && <HistoryDrawer def={contracts} id={contract.id} opened={historyOpen} onClose={() => setHistoryOpen(false)} />}
      {contract && terminating && (
        <TerminateDialog contract={contract} onClose={() => setTerminating(false)}
          onDone={reply => { setTerminating(false); p.onTransitioned(reply); }} />
      )}
    </DatesProvider>
  );
}
