import { Alert, Button, Stack } from '@mantine/core';
import { IconEye, IconPrinter, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { cardListParams, type CardListFilter } from '../../data/cards-client';
import { isAbort, isApiError } from '../../data/errors';
import { ensureHelper, helperStatusStore, sendToHelper } from '../../data/local-helper-port';
import { getNotifier } from '../../data/notifier';
import { printsClient } from '../../data/prints-client';
import { queryKeys } from '../../data/query-keys';
import type { Filter } from '../../domain/contract/list';
import { MAX_PRINT_ROWS, type PrintAction, type PrintSheet } from '../../domain/contract/prints';
import { cards } from '../../domain/resources/orders/cards';
import { PAGE_SIZES } from '../../ui/grid/Pager';
import { useRequireSelection } from '../../ui/grid/require-selection';
import type { RowKey } from '../../ui/grid/types';
import { useSession } from '../../ui/stores';
import { useSaveGuard } from '../../ui/use-save-guard';
import { idsFromSearch } from './card-filters';
import { CardFilterBar } from './CardFilterBar';
import { CardsGrid } from './CardsGrid';
import { printSheet, sheetUrl } from '../../ui/print/print-frame';
import { PrintPreview } from '../../ui/print/PrintPreview';

const MESSAGE_MS = 2000;

/**
 * /cards/prints: labels of process cards (spec §2, §7; issue 11). Choose cards in the grid (or come with them:
 * `?ids=1,2,3` from the cards list, all chosen), then
 * - Preview: the label sheets the server renders (`action=preview`, not logged) in a dialog;
 * - Print: the sheets through the browser's print dialog (`action=browser`, logged);
 * - Send to the local helper: a print job to the helper program (`action=helper`, logged), offered only while the
 *   helper is connected. Opening the page does not knock on the helper's port (decision 83: only a helper that
 *   launched the app, or an action that needs it, opens the socket); the browser's print dialog needs no helper.
 * Nothing chosen: 请选择记录 ("please select records", spec §5), and nothing is asked of the server.
 */
export default function CardPrints() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const requireSelection = useRequireSelection();
  const { run, busy } = useSaveGuard();
  const baseURL = useSession(s => s.baseURL);
  const [search, setSearch] = useSearchParams();
  const chosen = useMemo(() => idsFromSearch(search, MAX_PRINT_ROWS), [search]);
  const [filter, setFilter] = useState<CardListFilter>({});
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(() => new Set(chosen));
  const [preview, setPreview] = useState<PrintSheet[] | null>(null);
  const helper = useStore(helperStatusStore, s => s.status);

  // Cards brought by a new link are the ones chosen.
  const chosenKey = chosen.join(',');
  const [lastChosen, setLastChosen] = useState(chosenKey);
  if (chosenKey !== lastChosen) {
    setLastChosen(chosenKey);
    setSelected(new Set(chosen));
  }

  const idFilter = useMemo<readonly Filter<typeof cards>[]>(
    () => (chosen.length ? [{ field: 'id', op: 'in', value: chosen }] : []), [chosen]);
  const params = useMemo(() => (chosen.length ? {} : cardListParams(filter)), [chosen, filter]);
  // Every brought card on one page, so all of them can stay chosen.
  const pageSize = PAGE_SIZES.find(n => n >= chosen.length) ?? PAGE_SIZES[PAGE_SIZES.length - 1];

  const go = (action: PrintAction, ids: readonly number[]) => {
    if (!requireSelection(ids, 'records')) return;
    void run(async () => {
      try {
        // The helper first: a job it cannot take is not logged as printed.
        if (action === 'helper' && !await ensureHelper()) {
          getNotifier().error(t('prints.cannot_print'), MESSAGE_MS);
          return;
        }
        const sheets = await printsClient.printDo('cards', ids, action);
        if (action === 'preview') {
          setPreview(sheets);
          return;
        }
        if (action === 'browser') {
          for (const s of sheets) await printSheet(sheetUrl(s.print_url, baseURL));
        } else if (sendToHelper('print', { category: 'cards', ds: sheets.map(s => ({ ...s, print_url: sheetUrl(s.print_url, baseURL) })) })) {
          getNotifier().success(t('prints.sent'));
        } else {
          getNotifier().error(t('prints.cannot_print'), MESSAGE_MS);
        }
        // The cards' print counts changed.
        void qc.invalidateQueries({ queryKey: queryKeys.all(cards.api) });
      } catch (e) {
        if (isAbort(e) || isApiError(e)) return; // shown by the request layer
        getNotifier().error(t('prints.cannot_print'), MESSAGE_MS);
      }
    });
  };

  return (
    <Stack gap={8} p="sm" data-testid="card-prints">
      {chosen.length > 0 ? (
        <Alert color="blue" py={6} data-testid="prints-chosen">
          {t('prints.chosen', { count: chosen.length })}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => setSearch({}, { replace: true })} data-testid="prints-choose-all">
            {t('prints.choose_other')}
          </Button>
        </Alert>
      ) : <CardFilterBar value={filter} onChange={setFilter} />}
      <CardsGrid params={params} filter={idFilter} selected={selected} onSelectedChange={setSelected} pageSize={pageSize}
        toolbar={({ selectedRows }) => {
          const ids = selectedRows.map(r => r.id);
          return (
            <>
              <Button size="xs" variant="default" leftSection={<IconEye size={14} />} loading={busy}
                onClick={() => go('preview', ids)} data-testid="prints-preview">
                {t('prints.preview')}
              </Button>
              <Button size="xs" leftSection={<IconPrinter size={14} />} loading={busy}
                onClick={() => go('browser', ids)} data-testid="prints-print">
                {t('prints.print')}
              </Button>
              {helper === 'connected' && (
                <Button size="xs" variant="default" leftSection={<IconSend size={14} />} loading={busy}
                  onClick={() => go('helper', ids)} data-testid="prints-helper">
                  {t('prints.helper')}
                </Button>
              )}
            </>
          );
        }} />
      {preview && (
        <PrintPreview sheets={preview} baseURL={baseURL} onClose={() => setPreview(null)} />
      )}
    </Stack>
  );
}
