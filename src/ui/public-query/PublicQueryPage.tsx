import { Alert, Box, Button, Center, Container, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { loginBranding } from '../../data/shell-client';
import type { LoginBranding } from '../../domain/contract/login-branding';
import { LanguageMenu } from '../LanguageMenu';

/** A public question: a document's number and the check code printed on it. */
export interface PublicQuestion {
  show_id: string;
  code: string;
}

interface Props<T> {
  /** The page's test ids: `{prefix}`, `{prefix}-form`, `-show-id`, `-code`, `-submit`, `-notfound`, `-error`, `-company`. */
  prefix: string;
  /**
   * Where the page's strings are: `{strings}.title`, `intro`, `show_id`, `code`, `submit`, `not_found`, `failed`,
   * `required_show_id`, `required_code`.
   */
  strings: string;
  /** The container's width: a phone's column for a short answer, wider for a table. */
  size: 'sm' | 'md';
  /** Asks the server; null when nothing matches (a wrong code and an unknown number alike). */
  ask: (q: PublicQuestion, o: { signal: AbortSignal }) => Promise<T | null>;
  /** What a match shows under the form. */
  children: (found: T) => ReactNode;
}

type Answer<T> = { kind: 'none' } | { kind: 'found'; found: T } | { kind: 'notfound' } | { kind: 'error'; msg: string };

/**
 * A public query page (no login, no shell): the customer types a document's number and the check code printed on it
 * and sees what the server answers for it — the order query (`/orders/query`) and the bill query (`/bills/query`).
 *
 * Rules: both fields are required (said on the field, in the page's language, before anything is sent); no match is
 * one neutral sentence that tells nothing about which part was wrong; a refusal for too many attempts (429) or another
 * failure shows the server's message on the page. A new question cancels the one still running. Made for a phone
 * first: one column, large inputs. Opened at `?show_id=…&code=…` (the QR code printed on the document) the fields are
 * filled from the address and the question is asked at once; with only one of the two the field is filled and nothing
 * is sent.
 */
export function PublicQueryPage<T>({ prefix, strings, size, ask: askServer, children }: Props<T>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [showId, setShowId] = useState(() => params.get('show_id')?.trim() ?? '');
  const [code, setCode] = useState(() => params.get('code')?.trim() ?? '');
  const [errors, setErrors] = useState<{ show_id?: string; code?: string }>({});
  const [answer, setAnswer] = useState<Answer<T>>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [brand, setBrand] = useState<LoginBranding | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    loginBranding({ signal: ctrl.signal }).then(setBrand).catch(() => setBrand(null));
    return () => { ctrl.abort(); running.current?.abort(); };
  }, []);

  /** Asks the server (the question before it, if still running, is cancelled). */
  const ask = (q: PublicQuestion) => {
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setBusy(true);
    askServer(q, { signal: ctrl.signal })
      .then(found => setAnswer(found ? { kind: 'found', found } : { kind: 'notfound' }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setAnswer({ kind: 'error', msg: isApiError(err) ? err.msg : t(`${strings}.failed`) });
      })
      .finally(() => { if (running.current === ctrl) setBusy(false); });
  };

  // The address's question, asked once on opening (the fields' first values are the address's).
  const fromAddress = useRef({ show_id: showId, code });
  useEffect(() => {
    const q = fromAddress.current;
    if (q.show_id && q.code) ask(q);
    // Once on opening: a later edit of the fields is asked by the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: { show_id?: string; code?: string } = {};
    if (!showId.trim()) missing.show_id = t(`${strings}.required_show_id`);
    if (!code.trim()) missing.code = t(`${strings}.required_code`);
    setErrors(missing);
    if (missing.show_id || missing.code) return;
    ask({ show_id: showId, code });
  };

  return (
    <Box mih="100vh" bg="var(--ipos-page-bg)" py="md" data-testid={prefix}>
      <Container size={size} px="sm">
        <Stack gap="md">
          <Stack gap={4} align="center">
            {brand?.logo && <Image src={brand.logo} alt={t('login.logo_alt')} h={48} w="auto" fit="contain" />}
            <Title order={1} size="h3" ta="center">{brand?.software_name || t('login.product_name')}</Title>
            {brand?.site_name && <Text c="dimmed" size="sm" ta="center" data-testid={`${prefix}-company`}>{brand.site_name}</Text>}
          </Stack>
          <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid={`${prefix}-form`}>
            <Stack gap="sm">
              <Title order={2} size="h4">{t(`${strings}.title`)}</Title>
              <Text size="sm" c="dimmed">{t(`${strings}.intro`)}</Text>
              <TextInput label={t(`${strings}.show_id`)} value={showId} onChange={e => setShowId(e.currentTarget.value)}
                error={errors.show_id} size="md" autoComplete="off" autoCapitalize="characters" maxLength={40} withAsterisk
                data-testid={`${prefix}-show-id`} />
              <TextInput label={t(`${strings}.code`)} value={code} onChange={e => setCode(e.currentTarget.value)}
                error={errors.code} size="md" autoComplete="off" maxLength={12} withAsterisk data-testid={`${prefix}-code`} />
              <Button type="submit" size="md" loading={busy} leftSection={<IconSearch size={18} />} data-testid={`${prefix}-submit`}>
                {t(`${strings}.submit`)}
              </Button>
            </Stack>
          </Paper>
          {answer.kind === 'notfound' && <Alert color="gray" data-testid={`${prefix}-notfound`}>{t(`${strings}.not_found`)}</Alert>}
          {answer.kind === 'error' && <Alert color="red" data-testid={`${prefix}-error`}>{answer.msg}</Alert>}
          {answer.kind === 'found' && children(answer.found)}
          <Center><LanguageMenu /></Center>
        </Stack>
      </Container>
    </Box>
  );
}
