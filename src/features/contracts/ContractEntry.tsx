import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { historyKey, queryKeys } from '../../data/query-keys';
import type { Detailed, ListResult } from '../../data/resource-client';
import type { ContractTransitionReply, SaveContractReply } from '../../domain/contract/contracts';
import { editPathOf, idFromPath } from '../../domain/menu/resource-paths';
import { contractfiles } from '../../domain/resources/sales/contractfiles';
import { contractlines } from '../../domain/resources/sales/contractlines';
import { contracts } from '../../domain/resources/sales/contracts';
import { NotFound } from '../../resources/screens/NotFound';
import { offlineView, useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { ContractEditor } from './ContractEditor';
import { contractLinesQuery } from './contract-queries';

const settled = (q: UseQueryResult) => q.isFetchedAfterMount || !q.isFetching;

/**
 * `/contracts/create` and `/contracts/edit/:id` (docs/sales-office.md §1): one contract with its lines and files
 * (ContractEditor). A new contract, once saved, opens as `/contracts/edit/<id>` (decision 213's way); a saved one
 * starts over from the server's reply after each save, activation or termination. Offline, a contract opened before
 * shows from the last visit, read-only (contracts are written in the office, online).
 */
export default function ContractEntry() {
  const params = useParams();
  const { pathname } = useLocation();
  const raw = params.id ?? idFromPath(pathname);
  if (raw === undefined) return <NewContract />;
  return <SavedContract key={raw} rawId={raw} />;
}

function NewContract() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const onSaved = (reply: SaveContractReply) => {
    remember(qc, reply);
    void navigate(editPathOf(contracts, reply.id) ?? `/contracts/edit/${reply.id}`, { replace: true, state: { replacesTab: '/contracts/create' } });
  };
  return <ContractEditor lines={[]} offline={{ offline: false, asOf: null }} reachable={reachable} onSaved={onSaved}
    onTransitioned={() => {}} onReload={async () => {}} />;
}

/** The reply of a save as the detail and lines queries would have it, so the edit page starts from it. */
function remember(qc: ReturnType<typeof useQueryClient>, reply: SaveContractReply) {
  qc.setQueryData<Detailed<typeof contracts>>(queryKeys.detail(contracts.api, reply.id), { row: reply.dt, source: 'server' });
  const lines: ListResult<typeof contractlines> = { msg: reply.msg, dt: reply.lines, total: reply.lines.length, source: 'server' };
  qc.setQueryData(queryKeys.list(contractlines.api, contractLinesQuery(reply.id) as Record<string, unknown>), lines);
  void qc.invalidateQueries({ queryKey: queryKeys.lists(contracts.api) });
  void qc.invalidateQueries({ queryKey: historyKey(contracts.name, reply.id) });
}

function SavedContract({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const detail = useResourceDetail(contracts, id);
  const lines = useResourceList(contractlines, contractLinesQuery(id ?? 0), { enabled: id !== undefined });
  const reachable = useReachable();
  const [epoch, setEpoch] = useState(0);

  if (id === undefined || (isApiError(detail.error) && detail.error.status === 404)) return <NotFound def={contracts} id={rawId} />;
  const contract = detail.data?.row;
  const rows = lines.data?.dt;
  if (!(contract && rows && settled(detail) && settled(lines))) {
    if ((detail.isError && !contract) || (lines.isError && !rows)) {
      return (
        <Alert m="md" color="red" title={t('forms.load_failed')}>
          <Button size="xs" variant="light" onClick={() => { void detail.refetch(); void lines.refetch(); }}>{t('forms.retry')}</Button>
        </Alert>
      );
    }
    return <Center py="xl"><Loader /></Center>;
  }

  const onSaved = (reply: SaveContractReply) => {
    remember(qc, reply);
    void qc.invalidateQueries({ queryKey: queryKeys.lists(contractlines.api), refetchType: 'none' });
    setEpoch(e => e + 1);
  };
  const onTransitioned = (reply: ContractTransitionReply) => {
    qc.setQueryData<Detailed<typeof contracts>>(queryKeys.detail(contracts.api, id), { row: reply.dt, source: 'server' });
    void qc.invalidateQueries({ queryKey: queryKeys.lists(contracts.api) });
    void qc.invalidateQueries({ queryKey: historyKey(contracts.name, id) });
    setEpoch(e => e + 1);
  };
  const onReload = async () => {
    await Promise.all([detail.refetch(), lines.refetch()]);
    void qc.invalidateQueries({ queryKey: queryKeys.lists(contractfiles.api) });
    setEpoch(e => e + 1);
  };
  return <ContractEditor key={epoch} contract={contract} lines={rows} offline={offlineView(detail, reachable)} reachable={reachable}
    onSaved={onSaved} onTransitioned={onTransitioned} onReload={onReload} />;
}
