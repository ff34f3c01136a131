import { Alert, Box, Button, Center, Container, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryOrder, type QueriedOrder } from '../../data/order-query-client';
import { loginBranding } from '../../data/shell-client';
import type { LoginBranding } from '../../domain/contract/login-branding';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { OrderQueryResult } from './OrderQueryResult';

/** What the page shows under the form. */
type Answer =
  | { kind: 'none' }
  | { kind: 'found'; order: QueriedOrder }
  | { kind: 'notfound' }
  | { kind: 'error'; msg: string };

/**
 * /orders/query (public, no login, no shell): a customer types the order number and the check code printed on their
 * documents and sees each line's progress — cards waiting, running and done per work node and the finished quantity —
 * and nothing else (the server answers nothing more).
 *
 * Rules: both fields are required (said on the field, in the page's language, before anything is sent); no match
 * (a wrong code and an unknown order answer alike) is one neutral sentence that tells nothing about which part was
 * wrong; a refusal for too many attempts (429) or another failure shows the server's message on the page. A new
 * question cancels the one still running. Made for a phone first: one column, large inputs.
 *
 * Opened at `?show_id=…&code=…` (the QR code a delivery note prints for each of its orders, docs/delivery.md
 * "Delivery notes") the fields are filled from the address and the order is asked for at once, without a press of
 * the search button; with only one of the two the field is filled and nothing is sent.
 */
export default function OrderQueryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [showId, setShowId] = useState(() => params.get('show_id')?.trim() ?? '');
  const [code, setCode] = useState(() => params.get('code')?.trim() ?? '');
  const [errors, setErrors] = useState<{ show_id?: string; code?: string }>({});
  const [answer, setAnswer] = useState<Answer>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [brand, setBrand] = useState<LoginBranding | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    loginBranding({ signal: ctrl.signal }).then(setBrand).catch(() => setBrand(null));
    return () => { ctrl.abort(); running.current?.abort(); };
  }, []);

  /** Asks the server for the order (the question before it, if still running, is cancelled). */
  const ask = (q: { show_id: string; code: string }) => {
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setBusy(true);
    queryOrder(q, { signal: ctrl.signal })
      .then(order => setAnswer(order ? { kind: 'found', order } : { kind: 'notfound' }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setAnswer({ kind: 'error', msg: isApiError(err) ? err.msg : t('orderquery.failed') });
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
    if (!showId.trim()) missing.show_id = t('orderquery.required_show_id');
    if (!code.trim()) missing.code = t('orderquery.required_code');
    setErrors(missing);
    if (missing.show_id || missing.code) return;
    ask({ show_id: showId, code });
  };

  return (
    <Box mih="100vh" bg="var(--ipos-page-bg)" py="md" data-testid="order-query">
      <Container size="sm" px="sm">
        <Stack gap="md">
          <Stack gap={4} align="center">
            {brand?.logo && <Image src={brand.logo} alt={t('login.logo_alt')} h={48} w="auto" fit="contain" />}
            <Title order={1} size="h3" ta="center">{brand?.software_name || t('login.product_name')}</Title>
            {brand?.site_name && <Text c="dimmed" size="sm" ta="center" data-testid="order-query-company">{brand.site_name}</Text>}
          </Stack>
          <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="order-query-form">
            <Stack gap="sm">
              <Title order={2} size="h4">{t('orderquery.title')}</Title>
              <Text size="sm" c="dimmed">{t('orderquery.intro')}</Text>
              <TextInput label={t('orderquery.show_id')} value={showId} onChange={e => setShowId(e.currentTarget.value)}
                error={errors.show_id} size="md" autoComplete="off" autoCapitalize="characters" maxLength={40} withAsterisk
                data-testid="order-query-show-id" />
              <TextInput label={t('orderquery.code')} value={code} onChange={e => setCode(e.currentTarget.value)}
                error={errors.code} size="md" autoComplete="off" maxLength={12} withAsterisk data-testid="order-query-code" />
              <Button type="submit" size="md" loading={busy} leftSection={<IconSearch size={18} />} data-testid="order-query-submit">
                {t('orderquery.submit')}
              </Button>
            </Stack>
          </Paper>
          {answer.kind === 'notfound' && (
            <Alert color="gray" data-testid="order-query-notfound">{t('orderquery.not_found')}</Alert>
          )}
          {answer.kind === 'error' && <Alert color="red" data-testid="order-query-error">{answer.msg}</Alert>}
          {answer.kind === 'found' && <OrderQueryResult order={answer.order} />}
          <Center><LanguageMenu /></Center>
        </Stack>
      </Container>
    </Box>
  );
}
