import { Button, Group, Modal, Progress, Stack, Text, type MantineSize } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_MS, WARNING_MS } from '../../data/envelope';
import { isAbort, isApiError } from '../../data/errors';
import { getNotifier } from '../../data/notifier';
import { exportFileName, exportRows, type ExportColumn } from './export-rows';

/** The server's export of a whole list: resolves when the file is saved; reports the bytes received. */
export type ServerExport = (o: { signal: AbortSignal; onProgress: (bytes: number, rows: number | null) => void }) => Promise<void>;

export interface ExportButtonProps<R> {
  /** The grid's columns, in order: a title and how to read the value from a row. */
  columns: readonly ExportColumn<R>[];
  /** The rows the user sees. */
  rows: readonly R[];
  /** Selected rows; when there are any, only they are exported. */
  selection?: readonly R[];
  /** A list paged by the server is exported by the server, whole, unless rows are selected. */
  serverExport?: ServerExport;
  /** The screen's title, which names the saved file (`exportFileName`). */
  title: string;
  /** Button size; lists use `xs` in their toolbar. */
  size?: MantineSize;
  disabled?: boolean;
}

type Running = { kind: 'local'; done: number; total: number } | { kind: 'server'; bytes: number; rows: number | null };

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * The export button of a list: builds the spreadsheet from the visible rows or the selection in a worker, or has the server
 * stream the whole list; a progress dialog can cancel either.
 */
export function ExportButton<R>(props: ExportButtonProps<R>) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<Running | null>(null);
  const abort = useRef<AbortController | null>(null);
  const selected = props.selection?.length ?? 0;

  const run = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    try {
      if (selected === 0 && props.serverExport) {
        setRunning({ kind: 'server', bytes: 0, rows: null });
        await props.serverExport({ signal: ctl.signal, onProgress: (bytes, rows) => setRunning({ kind: 'server', bytes, rows }) });
        return;
      }
      const rows = selected > 0 ? props.selection! : props.rows;
      if (rows.length === 0) { getNotifier().warning(t('importexport.export_empty'), WARNING_MS); return; }
      setRunning({ kind: 'local', done: 0, total: rows.length });
      await exportRows(props.columns, rows, {
        fileName: exportFileName(props.title), signal: ctl.signal,
        onProgress: (done, total) => setRunning({ kind: 'local', done, total }),
      });
    } catch (e) {
      // The request layer has already shown a server's refusal; a worker failure is shown here.
      if (!isAbort(e) && !isApiError(e)) getNotifier().error((e as Error).message, ERROR_MS);
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };

  return (
    <>
      <Button size={props.size ?? 'xs'} variant="default" leftSection={<IconFileExport size={14} />} onClick={() => void run()}
        loading={running !== null} disabled={props.disabled} data-testid="export-button">
        {selected > 0 ? t('importexport.export_selection', { count: selected }) : t('importexport.export')}
      </Button>
      <Modal opened={running !== null} onClose={() => abort.current?.abort()} title={t('importexport.export_title')} centered
        closeOnClickOutside={false}>
        <Stack>
          {running?.kind === 'local' ? (
            <>
              <Progress value={running.total ? (running.done / running.total) * 100 : 0} animated data-testid="export-progress" />
              <Text size="sm">{t('importexport.exporting', { done: running.done, total: running.total })}</Text>
            </>
          ) : (
            <>
              <Progress value={100} animated striped data-testid="export-progress" />
              <Text size="sm" data-testid="export-server-progress">
                {running && running.rows !== null
                  ? t('importexport.export_streaming', { rows: running.rows, received: megabytes(running.bytes) })
                  : t('importexport.export_server')}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => abort.current?.abort()}>{t('importexport.cancel')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
