import { ActionIcon, Badge, Box, Button, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCamera, IconCloud, IconCloudOff, IconLogout, IconMaximize, IconUserCircle, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendToHelper } from '../../data/local-helper-port';
import { isMessageKey, translate, type Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatNumber } from '../../domain/rules/numbers';
import { patternOf } from '../../domain/rules/numbering';
import CameraScanner from '../../ui/scanner/CameraScanner';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useCoversShell } from '../../ui/use-covers-shell';
import { useConfig, useOutboxStatus } from '../../ui/stores';
import type { SwipeOutcome } from './kiosk-swipe';
import { useKiosk, type SwipeResult } from './use-kiosk';

/** Panel colours by what happened: readable from two metres, green or red before anyone reads a word. */
const PANEL = { ok: '#2f9e44', warn: '#e8590c', error: '#c92a2a', idle: '#343a40', ignored: '#868e96' } as const;
type PanelState = keyof typeof PANEL;

function panelOf(o: SwipeOutcome | null, error?: string): PanelState {
  if (error) return 'error';
  if (!o) return 'idle';
  if (o.kind === 'refused') return 'error';
  if (o.kind === 'ignored') return 'ignored';
  if (o.kind === 'tap' && (o.warning || o.unverified)) return 'warn';
  return 'ok';
}

/** Minutes or hours since a moment, in the reader's language ("5 分钟前"). */
function ago(lang: string, at: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const f = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  return minutes < 60 ? f.format(-minutes, 'minute') : f.format(-Math.round(minutes / 60), 'hour');
}

/**
 * /orders/tap3, the card-swipe kiosk (docs/shopfloor.md): full screen over the shell, read from two metres. The
 * operator badges in, then swipes process cards with the reader (or the tablet's camera); each swipe is decided from
 * the offline copy, recorded durably in the outbox with the day's counts, and answered with a large green, orange or
 * red panel, its reason and a sound — whether or not the server answers. The header shows the terminal, the work node,
 * the operator and the sync state (pending facts, the oldest, rejected ones).
 */
export default function KioskScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const computer = useOutboxStatus(s => s.computer);
  const loaded = useOutboxStatus(s => s.loaded);
  const online = useOutboxStatus(s => s.online);
  const pending = useOutboxStatus(s => s.pending);
  const oldestAt = useOutboxStatus(s => s.oldestAt);
  const dead = useOutboxStatus(s => s.deadLetters);
  const lockout = Number(useConfig(s => s.values.tap_lockout_seconds ?? '10')) || 0;
  const nodes = computer?.worknode_ids ?? [];
  const [worknodeId, setWorknodeId] = useState<number | null>(null);
  const current = worknodeId !== null && nodes.includes(worknodeId) ? worknodeId : nodes[0] ?? null;
  // How a card number looks here (the `card_no_pattern` config, else the default): a scan shaped otherwise that is no
  // badge is an unknown badge, not a card.
  const cardPattern = useConfig(s => s.values.card_no_pattern);
  const isCardNumber = useMemo(() => patternOf('card_no_pattern', cardPattern).matches, [cardPattern]);
  const kiosk = useKiosk(current, lockout, isCardNumber);
  const [bad, setBad] = useState(0);
  const [last, setLast] = useState<SwipeResult | null>(null);
  const [recent, setRecent] = useState<SwipeResult[]>([]);
  const [camera, setCamera] = useState(false);
  const feedback = scanFeedback();
  const muted = useSyncExternalStore(feedback.subscribe, () => feedback.isMuted());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => { const id = setInterval(() => setNow(Date.now()), 30_000); return () => clearInterval(id); }, []);

  const onScan = useCallback((code: string) => {
    void kiosk.swipe(code, bad).then(r => {
      setLast(r);
      if (r.outcome.kind === 'tap' && !r.error) {
        setRecent(list => [r, ...list].slice(0, 8));
        if (r.outcome.action !== 'start') setBad(0);
      }
      const state = panelOf(r.outcome, r.error);
      if (state === 'error') feedback.error(); else if (state !== 'ignored') feedback.ok();
    });
  }, [kiosk, bad, feedback]);
  useScanner(onScan, { capture: 'global', enabled: computer !== null && kiosk.ready });
  // Drawn over the whole window: the shell under it is out of reach of Tab and of screen readers.
  useCoversShell();

  // While the copy loads a name is not known yet: an ellipsis, never the bare id (issue 30); `#id` only for a work node
  // the loaded copy lacks.
  const worknodeName = (id: number) => (kiosk.index ? String(kiosk.index.worknodes.get(id)?.name ?? `#${id}`) : '…');
  const state = panelOf(last?.outcome ?? null, last?.error);
  const fullscreen = () => {
    if (!sendToHelper('fullscreen')) void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <Box data-testid="kiosk" data-ready={kiosk.ready} data-badges={kiosk.badgeReader} style={{ position: 'fixed', inset: 0, zIndex: 300, background: 'var(--ipos-page-bg)', display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="md" py={8} style={{ background: '#212529', color: '#fff' }} wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Title order={3} c="white">{computer?.name ?? t('shopfloor.kiosk.title')}</Title>
          {nodes.length > 1 && (
            <SegmentedControl size="md" value={String(current)} onChange={v => setWorknodeId(Number(v))} data-testid="kiosk-worknode"
              data={nodes.map(id => ({ value: String(id), label: worknodeName(id) }))} />
          )}
          {nodes.length === 1 && current !== null && <Badge size="xl" variant="white" color="dark">{worknodeName(current)}</Badge>}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Badge size="xl" color={kiosk.operator ? 'teal' : 'gray'} leftSection={<IconUserCircle size={18} />} data-testid="kiosk-operator">
            {kiosk.operator ? kiosk.operator.name : t('shopfloor.kiosk.no_operator')}
          </Badge>
          {kiosk.operator && (
            <Button size="xs" variant="outline" color="gray" onClick={() => kiosk.setOperator(null)}>{t('shopfloor.kiosk.change_operator')}</Button>
          )}
          <Tooltip label={oldestAt !== null ? t('shopfloor.kiosk.oldest', { age: ago(lang, oldestAt, now) }) : t('shopfloor.kiosk.synced')}>
            <Badge size="xl" color={online ? (pending > 0 ? 'yellow' : 'green') : 'orange'} data-testid="kiosk-sync"
              data-pending={pending} leftSection={online ? <IconCloud size={18} /> : <IconCloudOff size={18} />}>
              {pending > 0 ? t('shopfloor.kiosk.pending', { count: pending }) : t(online ? 'shopfloor.kiosk.online' : 'shopfloor.kiosk.offline')}
            </Badge>
          </Tooltip>
          {dead > 0 && (
            <Badge size="xl" color="red" component="button" style={{ cursor: 'pointer' }} onClick={() => void navigate('/sync/deadletters')}
              data-testid="kiosk-dead">{t('shopfloor.kiosk.dead', { count: dead })}</Badge>
          )}
          <Tooltip label={t(muted ? 'shopfloor.kiosk.unmute' : 'shopfloor.kiosk.mute')}>
            <ActionIcon size="lg" variant="subtle" color="gray" onClick={() => feedback.setMuted(!muted)} aria-label={t('shopfloor.kiosk.mute')}>
              {muted ? <IconVolumeOff /> : <IconVolume />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('shopfloor.kiosk.camera')}>
            <ActionIcon size="lg" variant={camera ? 'filled' : 'subtle'} color="gray" onClick={() => setCamera(c => !c)}
              aria-label={t('shopfloor.kiosk.camera')} data-testid="kiosk-camera"><IconCamera /></ActionIcon>
          </Tooltip>
          <Tooltip label={t('shopfloor.kiosk.fullscreen')}>
            <ActionIcon size="lg" variant="subtle" color="gray" onClick={fullscreen} aria-label={t('shopfloor.kiosk.fullscreen')}><IconMaximize /></ActionIcon>
          </Tooltip>
          <Tooltip label={t('shopfloor.kiosk.exit')}>
            <ActionIcon size="lg" variant="subtle" color="gray" onClick={() => void navigate('/dashboard')} aria-label={t('shopfloor.kiosk.exit')}>
              <IconLogout />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {loaded && !computer ? (
        <Stack p="xl" gap="md" data-testid="kiosk-no-device">
          <Title order={2}>{t('shopfloor.kiosk.no_device')}</Title>
          <Text size="lg">{t('shopfloor.kiosk.no_device_hint')}</Text>
        </Stack>
      ) : (
        <Box style={{ flex: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 360px', gap: 16, padding: 16, minHeight: 0 }}>
          <Stack gap="md" style={{ minHeight: 0 }}>
            <Paper radius="md" p="xl" data-testid="kiosk-panel" data-state={state}
              style={{ flex: 1, background: PANEL[state], color: '#fff', display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', textAlign: 'center' }}>
              <PanelText result={last} operatorName={kiosk.operator?.name ?? null} />
            </Paper>
            {camera && <CameraScanner onScan={code => onScan(code)} height={240} />}
            {!kiosk.ready && (
              <Text c="dimmed" data-testid={kiosk.loadingBadges ? 'kiosk-loading-badges' : undefined}>
                {t(kiosk.loadingBadges ? 'shopfloor.kiosk.loading_badges' : 'shopfloor.kiosk.loading')}
              </Text>
            )}
            {kiosk.ready && kiosk.asOf === null && <Text c="orange" data-testid="kiosk-no-copy">{t('shopfloor.kiosk.no_copy')}</Text>}
            {kiosk.asOf !== null && (
              <Text size="sm" c="dimmed">{t('shopfloor.kiosk.data_as_of', { time: localDateTimeString(new Date(kiosk.asOf)) })}</Text>
            )}
          </Stack>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Text fw={700} mb={8}>{t('shopfloor.kiosk.today')}</Text>
              <SimpleGrid cols={2} spacing="sm" data-testid="kiosk-today">
                <Count label={t('shopfloor.kiosk.started')} value={kiosk.day?.started ?? 0} testId="kiosk-today-started" />
                <Count label={t('shopfloor.kiosk.finished')} value={kiosk.day?.finished ?? 0} testId="kiosk-today-finished" />
                <Count label={t('shopfloor.kiosk.good')} value={kiosk.day?.good ?? 0} testId="kiosk-today-good" />
                <Count label={t('shopfloor.kiosk.bad')} value={kiosk.day?.bad ?? 0} testId="kiosk-today-bad" />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <NumberInput size="lg" label={t('shopfloor.kiosk.bad_next')} min={0} decimalScale={4} value={bad}
                onChange={v => setBad(typeof v === 'number' ? v : Number(v) || 0)} data-testid="kiosk-bad" />
            </Paper>
            <Paper withBorder p="md" radius="md" style={{ flex: 1, overflow: 'auto' }}>
              <Text fw={700} mb={8}>{t('shopfloor.kiosk.recent')}</Text>
              <Stack gap={4} data-testid="kiosk-recent">
                {recent.map(r => r.outcome.kind === 'tap' && (
                  <Group key={`${r.at}-${r.outcome.card}`} justify="space-between" wrap="nowrap">
                    <Text size="sm">{r.outcome.card}</Text>
                    <Text size="sm" c="dimmed">{t(`shopfloor.kiosk.${r.outcome.action}`)}</Text>
                    <Text size="xs" c="dimmed">{localDateTimeString(new Date(r.at)).slice(11)}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Stack>
        </Box>
      )}
    </Box>
  );

  function PanelText({ result, operatorName }: { result: SwipeResult | null; operatorName: string | null }) {
    const o = result?.outcome;
    const big = { fontSize: 'clamp(40px, 7vw, 96px)', fontWeight: 800, lineHeight: 1.1 } as const;
    const mid = { fontSize: 'clamp(22px, 3vw, 40px)', fontWeight: 600 } as const;
    if (result?.error) return <><div style={big}>✗</div><div style={mid}>{t('shopfloor.kiosk.save_failed', { error: result.error })}</div></>;
    if (!o) return <div style={big}>{operatorName ? t('shopfloor.kiosk.swipe_card') : t('shopfloor.kiosk.no_operator')}</div>;
    if (o.kind === 'operator') {
      return <><div style={big}>{o.operator.name}</div><div style={mid}>{t('shopfloor.kiosk.swipe_card')}</div></>;
    }
    if (o.kind === 'ignored') return <><div style={big}>{o.card}</div><div style={mid}>{t('shopfloor.kiosk.ignored')}</div></>;
    if (o.kind === 'refused') {
      const reason = o.reason === 'tap_need_operator' ? t('shopfloor.kiosk.need_operator')
        : isMessageKey(o.reason) ? translate(lang, o.reason) : o.reason;
      return <><div style={big}>✗ {o.card ?? ''}</div><div style={mid} data-testid="kiosk-reason">{reason}</div></>;
    }
    const item = kiosk.index?.cards.get(o.card);
    return (
      <>
        <div style={big} data-testid="kiosk-action">{t(`shopfloor.kiosk.${o.action}`)}</div>
        <div style={mid}>{o.card}{item?.item_id_name ? ` · ${item.item_id_name}` : ''}</div>
        {o.action !== 'start' && o.good !== undefined && (
          <div style={mid}>{t('shopfloor.kiosk.good_bad', { good: formatNumber(o.good), bad: formatNumber(o.bad ?? 0) })}</div>
        )}
        {o.warning && <div style={mid}>{translate(lang, o.warning)}</div>}
        {o.unverified && <div style={mid}>{t('shopfloor.kiosk.unverified')}</div>}
      </>
    );
  }
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz={32} fw={700} data-testid={testId}>{formatNumber(value)}</Text>
    </Stack>
  );
}
