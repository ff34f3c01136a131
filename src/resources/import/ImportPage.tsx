import { Alert, Button, FileButton, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMenu } from '../../ui/stores';
import { resourceLabel } from '../../domain/i18n/resource-labels';
import { LANGS, type Lang } from '../../domain/messages/catalog';
import { isImportable } from '../../domain/registry/import-cells';
import type { ResourceDef } from '../../domain/registry/resource';
import { RESOURCES, resourceByName } from '../../domain/resources/all';
import { parseSpreadsheet, PARSE_LIMITS, type ParsedSheet } from '../../workers/spreadsheet';
import { ImportFlow } from './ImportFlow';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

const langOf = (l: string): Lang => ((LANGS as readonly string[]).includes(l) ? l as Lang : 'zh');
const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';

interface Loaded { name: string; sheet: ParsedSheet; seq: number }

/**
 * The resources offered: importable ones whose list the role's menu holds (the server checks the permission anyway),
 * plus the one asked for by the URL; all importable ones while the menu is not known.
 */
function importableFor(menuPaths: readonly string[], asked: string | undefined): ResourceDef[] {
  const all = RESOURCES.filter(isImportable);
  if (menuPaths.length === 0) return all;
  const paths = new Set(menuPaths);
  return all.filter(r => r.name === asked || r.menu.some(p => paths.has(p)));
}

/**
 * `/data/importdata`: import a spreadsheet into any resource that has a natural key. The resource comes from
 * `?resource=<name>` (the lists' import button) or the select, or is fixed by the page (`resource`: `/fees/excel`); the file is parsed in the spreadsheet worker under a
 * time limit; the rest (mapping, preview, batches, report) is ImportFlow's. Changing the resource keeps the file and
 * maps it again.
 */
export default function ImportPage({ resource }: { resource?: string } = {}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  // A page of one resource's import (`/fees/excel`) names it; the generic page takes it from the address.
  const res = resourceByName(resource ?? params.get('resource') ?? '');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [parsing, setParsing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const parse = useRef<AbortController | null>(null);
  useEffect(() => () => parse.current?.abort(), []);

  const held = useMenu(m => m.flat);
  const options = importableFor(held.map(m => m.path), res?.name).map(r => ({ value: r.name, label: resourceLabel(lang, r.name) }));

  const pick = async (file: File | null) => {
    // Cleared at once, so choosing the same file again (after fixing it) is seen as a new choice.
    resetInput.current?.();
    if (!file) return;
    parse.current?.abort();
    setError(null);
    setLoaded(null);
    if (file.size > PARSE_LIMITS.maxBytes) { setError(t('importexport.sheet_error.too_large')); return; }
    const ctl = new AbortController();
    parse.current = ctl;
    setParsing(true);
    try {
      const sheet = await parseSpreadsheet(await file.arrayBuffer(), file.name, { signal: ctl.signal });
      if (sheet.rows.length === 0) setError(t('importexport.no_rows'));
      else setLoaded(prev => ({ name: file.name, sheet, seq: (prev?.seq ?? 0) + 1 }));
    } catch (e) {
      if (!isAbort(e)) setError((e as Error).message);
    } finally {
      if (parse.current === ctl) { parse.current = null; setParsing(false); }
    }
  };

  return (
    <Stack p="md" data-testid="import-page">
      <Title order={3}>{t('importexport.title')}</Title>
      <Group align="flex-end">
        <Select label={t('importexport.resource')} placeholder={t('importexport.resource_placeholder')} data={options}
          value={res && isImportable(res) ? res.name : null} searchable w={260} data-testid="import-resource" disabled={resource !== undefined}
          onChange={v => setParams(v ? { resource: v } : {}, { replace: true })} />
        <FileButton onChange={f => void pick(f)} accept={ACCEPT} resetRef={resetInput}
          inputProps={{ 'data-testid': 'import-file' } as ComponentProps<'input'>}>
          {props => (
            <Button {...props} variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={parsing}>
              {t('importexport.choose_file')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">{t('importexport.file_hint', { max: PARSE_LIMITS.maxBytes / 1024 / 1024 })}</Text>
      {res && !isImportable(res) && <Alert color="red">{t('importexport.not_importable')}</Alert>}
      {parsing && <Group gap="xs"><Loader size="xs" /><Text size="sm">{t('importexport.parsing')}</Text></Group>}
      {error && <Alert color="red" data-testid="import-error">{error}</Alert>}
      {res && isImportable(res) && loaded && (
        <ImportFlow key={`${res.name}:${loaded.seq}`} res={res} lang={lang} fileName={loaded.name} sheet={loaded.sheet} />
      )}
    </Stack>
  );
}
