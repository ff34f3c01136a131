import { Button, Group, Select } from '@mantine/core';
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
/** The delivery note's papers (server/areas/production/print-categories.ts): the template ids of `/prints/do/`. */
const PAPERS = { a4: -2, form241: -3 } as const;
type Paper = keyof typeof PAPERS;
const PAPER_KEY = 'ipos.delivery.paper';

function keptPaper(): Paper {
  try {
    const v = localStorage.getItem(PAPER_KEY);
    return v === 'form241' ? 'form241' : 'a4';
  } catch {
    return 'a4';
  }
}

/**
 * Printing delivery notes (docs/delivery.md "The printed note"): the paper chosen here (A4, or the two-part 241 mm
 * continuous form of the dot-matrix printer; the last choice is kept on this device), then a preview of the server's
 * sheet, the browser's print dialog (from a hidden frame, as card labels print), or the local helper when it is
 * connected. Every print but a preview is logged by the server.
 */
export function NotePrint({ ids, disabled }: { ids: readonly number[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const { run, busy } = useSaveGuard();
  const baseURL = useSession(s => s.baseURL);
  const helper = useStore(helperStatusStore, s => s.status);
  const [paper, setPaper] = useState<Paper>(keptPaper);
  const [preview, setPreview] = useState<PrintSheet[] | null>(null);

  const choose = (p: Paper) => {
    setPaper(p);
    try { localStorage.setItem(PAPER_KEY, p); } catch { /* private mode: the choice lasts the page */ }
  };

  const go = (action: PrintAction) => void run(async () => {
    try {
      if (action === 'helper' && !await ensureHelper()) {
        getNotifier().error(t('delivery.print.cannot_print'), MESSAGE_MS);
        return;
      }
      const sheets = await printsClient.printDo('deliveries', ids, action, { template: PAPERS[paper] });
      if (action === 'preview') { setPreview(sheets); return; }
      if (action === 'browser') {
        for (const s of sheets) await printSheet(sheetUrl(s.print_url, baseURL));
      } else if (sendToHelper('print', { category: 'deliveries', ds: sheets.map(s => ({ ...s, print_url: sheetUrl(s.print_url, baseURL) })) })) {
        getNotifier().success(t('delivery.print.sent'));
      } else {
        getNotifier().error(t('delivery.print.cannot_print'), MESSAGE_MS);
      }
    } catch (e) {
      if (isAbort(e)) return;
      getNotifier().error(isApiError(e) ? e.msg : t('delivery.print.cannot_print'), MESSAGE_MS);
    }
  });

  const off = disabled || ids.length === 0;
  return (
    <Group gap="xs" data-testid="note-print">
      <Select size="xs" w={190} aria-label={t('delivery.print.paper')} value={paper} allowDeselect={false}
        data={[{ value: 'a4', label: t('delivery.print.paper_a4') }, { value: 'form241', label: t('delivery.print.paper_form241') }]}
        onChange={v => { if (v === 'a4' || v === 'form241') choose(v); }} data-testid="note-paper" />
      <Button size="xs" variant="default" leftSection={<IconEye size={14} />} loading={busy} disabled={off}
        onClick={() => go('preview')} data-testid="note-preview">{t('delivery.print.preview')}</Button>
      <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} loading={busy} disabled={off}
        onClick={() => go('browser')} data-testid="note-print-button">{t('delivery.print.print')}</Button>
      {helper === 'connected' && (
        <Button size="xs" variant="default" leftSection={<IconSend size={14} />} loading={busy} disabled={off}
          onClick={() => go('helper')} data-testid="note-helper">{t('delivery.print.helper')}</Button>
      )}
      {preview && (
        <PrintPreview sheets={preview} baseURL={baseURL} onClose={() => setPreview(null)} title={t('delivery.print.preview_title')}
          sizeText={s => t('delivery.print.page_size', { width: s.width_mm, height: s.height_mm })} />
      )}
    </Group>
  );
}
