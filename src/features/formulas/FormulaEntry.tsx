import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { historyKey, queryKeys } from '../../data/query-keys';
import { MAX_PAGE, type ListQuery } from '../../domain/contract/list';
import type { SaveFormulaReply } from '../../domain/contract/formulas';
import { idFromPath } from '../../domain/menu/resource-paths';
import { formulamaterials } from '../../domain/resources/formulas/formulamaterials';
import { formulaoperations } from '../../domain/resources/formulas/formulaoperations';
import { formulas } from '../../domain/resources/formulas/formulas';
import { NotFound } from '../../resources/screens/NotFound';
import { useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { FormulaEditor } from './FormulaEditor';
import { draftOf } from './formula-draft';

const materialsQuery = (id: number): ListQuery<typeof formulamaterials> => ({ limit: MAX_PAGE, sort: ['sort', 'id'], extra: { formula_id: id } });
const operationsQuery = (id: number): ListQuery<typeof formulaoperations> => ({ limit: MAX_PAGE, sort: ['seq', 'id'], extra: { formula_id: id } });

/**
 * `/formulas/create` and `/formulas/edit/:id`: a formula with its materials and operations, saved in one call
 * (docs/formulas.md). After a save the page opens the row the server answered with: the same formula, or — when
 * orders use it — its new version.
 */
export default function FormulaEntry() {
  const params = useParams();
  const { pathname } = useLocation();
  const raw = params.id ?? idFromPath(pathname);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const onSaved = (reply: SaveFormulaReply) => {
    void qc.invalidateQueries({ queryKey: queryKeys.all(formulas.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(formulamaterials.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(formulaoperations.api) });
    void qc.invalidateQueries({ queryKey: historyKey(formulas.name, reply.id) });
    void navigate(`/formulas/edit/${reply.id}`, { replace: true, state: { replacesTab: '/formulas/create' } });
  };
  if (raw === undefined) return <FormulaEditor key="new" draft={draftOf(null, [], [])} saved={null} reachable onSaved={onSaved} />;
  return <SavedFormula key={raw} rawId={raw} onSaved={onSaved} />;
}

function SavedFormula({ rawId, onSaved }: { rawId: string; onSaved: (r: SaveFormulaReply) => void }) {
  const { t } = useTranslation();
  const id = /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const detail = useResourceDetail(formulas, id);
  const materials = useResourceList(formulamaterials, materialsQuery(id ?? 0), { enabled: id !== undefined });
  const operations = useResourceList(formulaoperations, operationsQuery(id ?? 0), { enabled: id !== undefined });
  const reachable = useReachable();
  if (id === undefined || (isApiError(detail.error) && detail.error.status === 404)) return <NotFound def={formulas} id={rawId} />;
  const row = detail.data?.row;
  const m = materials.data?.dt;
  const o = operations.data?.dt;
  if (!row || !m || !o || detail.isFetching || materials.isFetching || operations.isFetching) {
    if (detail.isError || materials.isError || operations.isError) {
      return (
        <Alert m="md" color="red" title={t('forms.load_failed')}>
          <Button size="xs" variant="light" onClick={() => { void detail.refetch(); void materials.refetch(); void operations.refetch(); }}>
            {t('forms.retry')}
          </Button>
        </Alert>
      );
    }
    return <Center py="xl"><Loader /></Center>;
  }
  return (
    <FormulaEditor key={`${row.id}:${row.version}`} draft={draftOf(row, m, o)} saved={row} reachable={reachable && detail.data?.source === 'server'}
      onSaved={onSaved} />
  );
}
