import { Button, Stack, Text } from '@mantine/core';
import { IconEye, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { getNotifier } from '../../data/notifier';
import { printsClient } from '../../data/prints-client';
import type { ListQuery } from '../../domain/contract/list';
import { STOCK_NOTE_KINDS, type StockNoteType } from '../../domain/contract/packing';
import type { PrintSheet } from '../../domain/contract/prints';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import ResourceList from '../../resources/list/ResourceList';
import { useRequireSelection } from '../../ui/grid/require-selection';
import { printSheet, sheetUrl } from '../../ui/print/print-frame';
import { PrintPreview } from '../../ui/print/PrintPreview';
import { useSession } from '../../ui/stores';
import { useSaveGuard } from '../../ui/use-save-guard';

/** The note a route prints: `/pages/pages_out` issue notes, `/pages/pages_in` receipt notes. */
export const noteTypeOfPath = (pathname: string): StockNoteType => (pathname.replace(/\/+$/, '') === '/pages/pages_out' ? 'out' : 'in');

const MESSAGE_MS = 2000;

/**
 * /pages/pages_in (入库单) and /pages/pages_out (出库单) — docs/delivery.md "Receipt and issue notes": the posted stock
 * documents that take goods in (goods in, semi-finished in, finished goods in) or out (goods out, finished goods
 * out) on the generic list of stock documents with those filters always applied (paged, searched, filtered and
 * exported by the server); the chosen ones are previewed or printed as A4 notes through the print path (category
 * `stockdocs`), one note per document.
 */
export default function StockNotes() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const type = noteTypeOfPath(pathname);
  const baseURL = useSession(s => s.baseURL);
  const requireSelection = useRequireSelection();
  const { run, busy } = useSaveGuard();
  const [preview, setPreview] = useState<PrintSheet[] | null>(null);
  const filter = useMemo<ListQuery<typeof stockdocs>['filter']>(() => [
    { field: 'kind', op: 'in', value: [...STOCK_NOTE_KINDS[type]] }, { field: 'status', op: 'eq', value: 'posted' },
    { field: 'canceled', op: 'eq', value: false },
  ], [type]);

  const go = (action: 'browser' | 'preview', ids: readonly number[]) => {
    if (!requireSelection(ids, 'records')) return;
    void run(async () => {
      try {
        const sheets = await printsClient.printDo('stockdocs', ids, action);
        if (action === 'preview') { setPreview(sheets); return; }
        for (const s of sheets) await printSheet(sheetUrl(s.print_url, baseURL));
      } catch (e) {
        if (isAbort(e) || isApiError(e)) return; // shown by the request layer
        getNotifier().error(t('prints.cannot_print'), MESSAGE_MS);
      }
    });
  };

  return (
    <Stack gap={0} data-testid="stock-notes" data-type={type}>
      <Text mx="sm" mt="sm" size="sm" c="dimmed">{t(type === 'in' ? 'packing.notes_in_note' : 'packing.notes_out_note')}</Text>
      <ResourceList key={type} def={stockdocs} filter={filter} toolbar={selected => {
        const ids = selected.map(r => r.id);
        return (
          <>
            <Button size="xs" variant="default" leftSection={<IconEye size={14} />} loading={busy} onClick={() => go('preview', ids)}
              data-testid="notes-preview">{t('prints.preview')}</Button>
            <Button size="xs" leftSection={<IconPrinter size={14} />} loading={busy} onClick={() => go('browser', ids)}
              data-testid="notes-print">{t('prints.print')}</Button>
          </>
        );
      }} />
      {preview && <PrintPreview sheets={preview} baseURL={baseURL} onClose={() => setPreview(null)} />}
    </Stack>
  );
}
