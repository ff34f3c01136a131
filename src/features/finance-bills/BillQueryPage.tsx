import { Alert, Badge, Box, Button, Center, Container, Group, Image, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { financeClient, type QueriedBill } from '../../data/finance-client';
import { loginBranding } from '../../data/shell-client';
import type { LoginBranding } from '../../domain/contract/login-branding';
import { chineseAmount } from '../../domain/rules/chinese-amount';
import { formatNumber, fromUnits, units } from '../../domain/rules/numbers';
import { LanguageMenu } from '../../ui/LanguageMenu';

type Answer = { kind: 'none' } | { kind: 'found'; bill: QueriedBill } | { kind: 'notfound' } | { kind: 'error'; msg: string };

const money = (v: number) => formatNumber(v, 2);

/**
 * /bills/query (public, no login, no shell; docs/finance.md "Print and export"), as the public order query
 * (src/features/order-query/OrderQueryPage.tsx): the customer types the bill number and the check code printed on the
 * bill — or opens the address of its QR code, which fills both and asks at once — and sees the bill's period, date,
 * status, lines and totals, the total in Chinese capitals, received and the balance. No match (a wrong code and an
 * unknown bill answer alike) is one neutral sentence; too many failures show the server's message.
 */
export default function BillQueryPage() {
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

  const ask = (q: { show_id: string; code: string }) => {
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setBusy(true);
    financeClient.query(q, { signal: ctrl.signal })
      .then(bill => setAnswer(bill ? { kind: 'found', bill } : { kind: 'notfound' }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setAnswer({ kind: 'error', msg: isApiError(err) ? err.msg : t('bills.query.failed') });
      })
      .finally(() => { if (running.current === ctrl) setBusy(false); });
  };

  // The address's question (the QR code of a printed bill), asked once on opening.
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
    if (!showId.trim()) missing.show_id = t('bills.query.required_show_id');
    if (!code.trim()) missing.code = t('bills.query.required_code');
    setErrors(missing);
    if (missing.show_id || missing.code) return;
    ask({ show_id: showId, code });
  };

  return (
    <Box mih="100vh" bg="var(--ipos-page-bg)" py="md" data-testid="bill-query">
      <Container size="md" px="sm">
        <Stack gap="md">
          <Stack gap={4} align="center">
            {brand?.logo && <Image src={brand.logo} alt={t('login.logo_alt')} h={48} w="auto" fit="contain" />}
            <Title order={1} size="h3" ta="center">{brand?.software_name || t('login.product_name')}</Title>
            {brand?.site_name && <Text c="dimmed" size="sm" ta="center">{brand.site_name}</Text>}
          </Stack>
          <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="bill-query-form">
            <Stack gap="sm">
              <Title order={2} size="h4">{t('bills.query.title')}</Title>
              <Text size="sm" c="dimmed">{t('bills.query.intro')}</Text>
              <TextInput label={t('bills.query.show_id')} value={showId} onChange={e => setShowId(e.currentTarget.value)} error={errors.show_id}
                size="md" autoComplete="off" autoCapitalize="characters" maxLength={40} withAsterisk data-testid="bill-query-show-id" />
              <TextInput label={t('bills.query.code')} value={code} onChange={e => setCode(e.currentTarget.value)} error={errors.code}
                size="md" autoComplete="off" maxLength={12} withAsterisk data-testid="bill-query-code" />
              <Button type="submit" size="md" loading={busy} leftSection={<IconSearch size={18} />} data-testid="bill-query-submit">
                {t('bills.query.submit')}
              </Button>
            </Stack>
          </Paper>
          {answer.kind === 'notfound' && <Alert color="gray" data-testid="bill-query-notfound">{t('bills.query.not_found')}</Alert>}
          {answer.kind === 'error' && <Alert color="red" data-testid="bill-query-error">{answer.msg}</Alert>}
          {answer.kind === 'found' && <BillQueryResult bill={answer.bill} />}
          <Center><LanguageMenu /></Center>
        </Stack>
      </Container>
    </Box>
  );
}

function BillQueryResult({ bill }: { bill: QueriedBill }) {
  const { t } = useTranslation();
  const balance = fromUnits(units(bill.total) - units(bill.allocated));
  const period = bill.date_from || bill.date_to ? `${bill.date_from ?? ''} ~ ${bill.date_to ?? ''}` : '—';
  return (
    <Stack gap="sm" data-testid="bill-query-result">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={4} data-testid="bill-query-bill">{bill.show_id}</Title>
          <Badge size="lg" variant="light">{t(`resources.bills.enums.status.${bill.status}`)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Text size="sm">{t('resources.bills.fields.customer_id')}：{bill.customer}</Text>
          <Text size="sm">{t('bills.bill.period')}：{period}</Text>
          <Text size="sm">{t('resources.bills.fields.date')}：{bill.date}</Text>
        </SimpleGrid>
      </Paper>
      <Paper withBorder>
        <ScrollArea>
          <Table withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                {['line_no', 'delivery', 'delivery_date', 'order', 'description', 'quantity', 'unit', 'price', 'amount', 'adjustment', 'reason'].map(c => (
                  <Table.Th key={c}>{t(`bills.cols.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.lines.map(l => (
                <Table.Tr key={l.line_no} data-testid="bill-query-line">
                  <Table.Td>{l.line_no}</Table.Td>
                  <Table.Td>{l.delivery_show_id}</Table.Td>
                  <Table.Td>{l.delivery_date}</Table.Td>
                  <Table.Td>{l.order_show_id}</Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.quantity, 4)}</Table.Td>
                  <Table.Td>{l.unit}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.price, 4)}</Table.Td>
                  <Table.Td ta="right">{money(l.amount)}</Table.Td>
                  <Table.Td ta="right">{l.adjustment ? money(l.adjustment) : ''}</Table.Td>
                  <Table.Td>{l.adjustment_reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">{t('bills.bill.total')}：<b data-testid="bill-query-total">{money(bill.total)}</b></Text>
          <Text size="sm">{t('bills.bill.capitals')}：<b data-testid="bill-query-capitals">{chineseAmount(bill.total)}</b></Text>
          <Text size="sm">{t('bills.bill.received')}：{money(bill.allocated)}</Text>
          <Text size="sm">{t('bills.bill.balance')}：{money(balance)}</Text>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
