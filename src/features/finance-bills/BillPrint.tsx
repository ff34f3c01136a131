import { Button, Group } from '@mantine/core';
import { IconEye, IconPrinter, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { isAbort, isApiError } from '../../data/errors';
import { ensureHelper, helperStatusStore, sendToHelper } from '../../data/local-helper-port';
import { getNotifier } from '../../data/notifier';
import { printsClient } from '../../data/prints-client';
import type { PrintAction, PrintSheet } from '../../domain/contract/prints';
import { printSheet, sheetUrl } from '../../ui/print/print-frame';
import { PrintPreview } from '../../ui/print/PrintPreview';
import { useSession } from '../../ui/stores';
import { useSaveGuard } from '../../ui/use-save-guard';

const MESSAGE_MS = 2000;
/** The bill's paper (server/areas/production/print-categories.ts `bills`): A4 landscape, the template id of `/prints/do/`. */
const A4_LANDSCAPE = -2;

/**
 * Printing bills (docs/finance.md "Print and export"), as delivery notes print (src/features/delivery/NotePrint.tsx):
 * a preview of the server's sheet, the browser's print dialog from a hidden frame, or the local helper when it is
 * connected. Every print but a preview is logged by the server.
 */
export function BillPrint({ ids, disabled }: { ids: readonly number[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const { run, busy } = useSaveGuard();
  const baseURL = useSession(s => s.baseURL);
  const helper = useStore(helperStatusStore, s => s.status);
  const [preview, setPreview] = useState<PrintSheet[] | null>(null);

  const go = (action: PrintAction) => void run(async () => {
    try {
      if (action === 'helper' && !await ensureHelper()) {
        getNotifier().error(t('bills.print.cannot_print'), MESSAGE_MS);
        return;
      }
      const sheets = await printsClient.printDo('bills', ids, action, { template: A4_LANDSCAPE });
      if (action === 'preview') { setPreview(sheets); return; }
      if (action === 'browser') {
        for (const s of sheets) await printSheet(sheetUrl(s.print_url, baseURL));
      } else if (sendToHelper('print', { category: 'bills', ds: sheets.map(s => ({ ...s, print_url: sheetUrl(s.print_url, baseURL) })) })) {
        getNotifier().success(t('bills.print.sent'));
      } else {
        getNotifier().error(t('bills.print.cannot_print'), MESSAGE_MS);
      }
    } catch (e) {
      if (isAbort(e)) return;
      getNotifier().error(isApiError(e) ? e.msg : t('bills.print.cannot_print'), MESSAGE_MS);
    }
  });

  const off = disabled || ids.length === 0;
  return (
    <Group gap="xs" data-testid="bill-print">
      <Button size="xs" variant="default" leftSection={<IconEye size={14} />} loading={busy} disabled={off}
        onClick={() => go('preview')} data-testid="bill-preview">{t('bills.print.preview')}</Button>
      <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} loading={busy} disabled={off}
        onClick={() => go('browser')} data-testid="bill-print-button">{t('bills.print.print')}</Button>
      {helper === 'connected' && (
        <Button size="xs" variant="default" leftSection={<IconSend size={14} />} loading={busy} disabled={off}
          onClick={() => go('helper')} data-testid="bill-helper">{t('bills.print.helper')}</Button>
      )}
      {preview && (
        <PrintPreview sheets={preview} baseURL={baseURL} onClose={() => setPreview(null)} title={t('bills.print.preview_title')}
          sizeText={s => t('bills.print.page_size', { width: s.width_mm, height: s.height_mm })} />
      )}
    </Group>
  );
}
