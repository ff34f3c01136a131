import { ActionIcon, Alert, Badge, Box, Button, CloseButton, Group, Loader, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCheck, IconMinus, IconPhotoPlus, IconPlus, IconRefresh, IconScan, IconUserCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { holdInspection, type InspectionFact } from '../../data/held-inspections';
import { FactArgsError, recordFact } from '../../data/outbox/outbox';
import { PHOTOS_MAX } from '../../data/photo-upload';
import type { InspectionArgs } from '../../domain/contract/facts';
import type { Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatNumber } from '../../domain/rules/numbers';
import { cards } from '../../domain/resources/orders/cards';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import CameraScanner from '../../ui/scanner/CameraScanner';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useConfig, useOutboxStatus } from '../../ui/stores';
import {
  argsOf, badOf, EMPTY_FORM, inspectionErrors, inspectionReducer, issueErrors, passedOf, type FormText, type InspectedCard,
} from './inspection-form';
import { submitFailureText } from './submit-failure';
import { useInspectionPhotos, type PhotoItem } from './use-inspection-photos';
import { useInspection } from './use-inspection';

/** A configured list (`inspection_grades`, `defect_reasons`): a JSON list of texts; anything else is no list. */
function configList(raw: string | undefined): string[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(x => x.trim()))] : [];
  } catch {
    return [];
  }
}

/** How long the green confirmation stays up when nobody taps it. */
const CONFIRM_MS = 3_000;
/** Touch targets: at least 48 px (WCAG 2.5.5 asks 44); the main button larger still. */
const TARGET = 56;

/**
 * The inspection tablets (issue 13 point 4, docs/shopfloor.md): /inventorydetails/precheck (semi-finished, fact
 * `precheck`) and /inventorydetails/create (finished goods, fact `inspect`). Made for one hand on a tablet, offline or
 * not: every target at least 56 px, large type, no menus to open, the submit button at the bottom within the thumb's
 * reach.
 *
 * The inspector is the badge scanned last (its hash against the copy's persons, like the kiosk), else the person of
 * the logged-in account. A card is scanned with a handheld scanner (read on the whole page), the camera, or typed;
 * what the tablet knows of it is shown, or that the server will check it (`unverified`). Submitting records the fact
 * durably (src/data/outbox) before the green confirmation and its sound; the form is then cleared for the next card.
 * Photos are uploaded as they are taken while the server answers; an inspection whose photos could not be uploaded
 * is kept with them on the tablet and becomes its fact once they are (src/data/held-inspections.ts).
 */
export function InspectionScreen({ kind }: { kind: InspectionFact }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const reachable = useReachable();
  const mayLookUpCards = useCan(cards, 'view');
  const insp = useInspection({ mayLookUpCards });
  const computer = useOutboxStatus(s => s.computer);
  const statusLoaded = useOutboxStatus(s => s.loaded);
  const gradesRaw = useConfig(s => s.values.inspection_grades);
  const reasonsRaw = useConfig(s => s.values.defect_reasons);
  const grades = useMemo(() => configList(gradesRaw), [gradesRaw]);
  const reasons = useMemo(() => configList(reasonsRaw), [reasonsRaw]);
  const feedback = scanFeedback();

  const [card, setCard] = useState<InspectedCard | null>(null);
  const [form, dispatch] = useReducer(inspectionReducer, EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<{ card: string; held: boolean } | null>(null);
  const [camera, setCamera] = useState(false);
  const [cardText, setCardText] = useState('');
  const [looking, setLooking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nodeChoice, setNodeChoice] = useState<number | null>(null);
  const photos = useInspectionPhotos({ onUnreadable: () => setNotice(t('shopfloor.inspection.photo_unreadable')) });
  const fileInput = useRef<HTMLInputElement>(null);
  const scanSeq = useRef(0);

  const formText: FormText = useCallback((key, params) => t(`shopfloor.inspection.${key}`, params ?? {}), [t]);
  // The work node: the terminal's (chosen among several), else the card's current one, else none.
  const nodes = computer?.worknode_ids ?? [];
  const worknodeId = nodes.length > 0 ? (nodeChoice !== null && nodes.includes(nodeChoice) ? nodeChoice : nodes[0]!) : card?.worknode_id ?? null;
  const passed = passedOf(form, card);
  const bad = badOf(form);

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => setDone(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const clearAll = () => {
    dispatch({ type: 'reset' });
    photos.clear();
    setCard(null);
    setErrors({});
    setNotice(null);
  };

  const onScan = async (raw: string) => {
    const code = raw.trim();
    if (!code || busy) return;
    const mine = ++scanSeq.current;
    setDone(null);
    setNotice(null);
    setLooking(true);
    try {
      const r = await insp.scan(code);
      if (mine !== scanSeq.current) return;
      if (r.kind === 'inspector') {
        setErrors(({ person_id: _gone, ...rest }) => rest);
        feedback.ok();
        return;
      }
      if (r.kind === 'not_found') {
        setNotice(t('shopfloor.inspection.card_not_found', { card: r.code }));
        feedback.error();
        return;
      }
      // Another card starts another inspection: what was entered for the previous one was never submitted.
      if (card?.show_id !== r.card.show_id) {
        dispatch({ type: 'reset' });
        photos.clear();
        setErrors({});
      }
      setCard(r.card);
      setCardText('');
      setCamera(false);
      feedback.ok();
    } catch {
      // Cancelled by a newer scan.
    } finally {
      if (mine === scanSeq.current) setLooking(false);
    }
  };
  useScanner(code => void onScan(code), { capture: 'global', enabled: !busy });

  const submit = async () => {
    if (busy) return;
    setNotice(null);
    const args = argsOf(form, { card, personId: insp.inspector?.id ?? null, worknodeId });
    const errs = inspectionErrors(args, lang, formText);
    const refusedNow = photos.items.find(p => p.state === 'refused');
    if (refusedNow) errs.photos = refusedText(refusedNow);
    setErrors(errs);
    if (Object.keys(errs).length > 0) { feedback.error(); return; }
    setBusy(true);
    try {
      const list = await photos.settle();
      const refused = list.find(p => p.state === 'refused');
      if (refused) {
        setErrors({ photos: refusedText(refused) });
        feedback.error();
        return;
      }
      const uploaded = list.every(p => p.url);
      if (uploaded) {
        await recordFact(kind, list.length ? { ...args, photos: list.map(p => p.url!) } : args);
      } else {
        await holdInspection(kind, args as Omit<InspectionArgs, 'photos'>, list.map(p => (p.url ? { url: p.url } : { blob: p.blob! })));
        void insp.refreshHeld();
      }
      setDone({ card: String(args.card), held: !uploaded });
      feedback.ok();
      clearAll();
    } catch (e) {
      if (e instanceof FactArgsError) setErrors(issueErrors(e.issues, args, lang, formText));
      // Nothing was recorded and the form keeps what was entered: the reason is shown, and the next submit tries again.
      else setNotice(submitFailureText(e, t));
      feedback.error();
    } finally {
      setBusy(false);
    }
  };

  /** A refused photo's error, with the server's reason when it gave one. */
  function refusedText(p: PhotoItem): string {
    return p.reason ? t('shopfloor.inspection.photo_refused_because', { reason: p.reason }) : t('shopfloor.inspection.photo_refused');
  }

  const title = t(kind === 'precheck' ? 'shopfloor.inspection.title_precheck' : 'shopfloor.inspection.title_inspect');
  const chosen = new Map(form.defects.map(d => [d.reason, d.quantity]));
  const big = { input: { fontSize: 24, minHeight: TARGET } } as const;

  return (
    <Box data-testid="inspection" data-kind={kind} style={{ display: 'flex', flexDirection: 'column', minHeight: '100%', maxWidth: 900, margin: '0 auto' }}>
      <Stack gap="md" p="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2}>{title}</Title>
          <Group gap="sm" wrap="nowrap">
            <Badge size="xl" h={44} color={insp.inspector ? 'teal' : 'gray'} leftSection={<IconUserCircle size={20} />} data-testid="inspection-inspector"
              styles={{ label: { fontSize: 18 } }}>
              {insp.inspector ? insp.inspector.name : t('shopfloor.inspection.no_inspector')}
            </Badge>
            {insp.fromBadge && (
              <Button size="lg" variant="default" onClick={insp.clearBadge}>{t('shopfloor.inspection.change_inspector')}</Button>
            )}
          </Group>
        </Group>
        {errors.person_id && <Alert color="red" data-testid="inspection-error-person_id"><Text size="lg">{errors.person_id}</Text></Alert>}
        {statusLoaded && !computer && <Alert color="orange" data-testid="inspection-no-device">{t('shopfloor.inspection.no_device')}</Alert>}
        {insp.held.length > 0 && (
          <Alert color="yellow" data-testid="inspection-held">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Text size="lg">{t('shopfloor.inspection.held', { count: insp.held.length })}</Text>
                {insp.held.find(h => h.error) && (
                  <Text size="sm" c="red">{t('shopfloor.inspection.held_error', { error: insp.held.find(h => h.error)!.error })}</Text>
                )}
              </Stack>
              {reachable && (
                <Button size="lg" variant="light" color="yellow" leftSection={<IconRefresh />} onClick={() => void insp.sendHeld()}>
                  {t('shopfloor.inspection.send_now')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {nodes.length > 1 && (
          <SegmentedControl fullWidth size="xl" value={String(worknodeId)} onChange={v => setNodeChoice(Number(v))} data-testid="inspection-worknode"
            data={nodes.map(id => ({ value: String(id), label: insp.copy ? insp.copy.worknodes.get(id) ?? `#${id}` : '…' }))} />
        )}

        <Paper withBorder radius="md" p="md" data-testid="inspection-card" data-state={card ? (card.unverified ? 'unverified' : 'known') : 'none'}
          style={{ borderColor: errors.card ? 'var(--mantine-color-red-6)' : undefined }}>
          {card ? (
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text fz={32} fw={800} data-testid="inspection-card-no">{card.show_id}</Text>
                {card.item && <Text fz={22}>{card.item}</Text>}
                {card.quantity !== null && (
                  <Text fz={20}>{t('shopfloor.inspection.card_quantity', { quantity: formatNumber(card.quantity), unit: card.unit ?? '' })}</Text>
                )}
                {card.order && <Text fz={18} c="dimmed">{t('shopfloor.inspection.order', { order: card.order })}</Text>}
                {card.unverified && <Text fz={18} c="orange" data-testid="inspection-unverified">{t('shopfloor.inspection.unknown_card')}</Text>}
              </Stack>
              <CloseButton size={TARGET} aria-label={t('shopfloor.inspection.clear')} onClick={clearAll} />
            </Group>
          ) : (
            <Text fz={24} fw={600} c={errors.card ? 'red' : 'dimmed'}>{errors.card ?? t('shopfloor.inspection.scan_card')}</Text>
          )}
          <Group gap="sm" mt="md" wrap="nowrap" align="stretch">
            <TextInput size="xl" style={{ flex: 1 }} placeholder={t('shopfloor.inspection.card_placeholder')} value={cardText} styles={big}
              onChange={e => setCardText(e.currentTarget.value)} onKeyDown={e => { if (e.key === 'Enter') void onScan(cardText); }}
              aria-label={t('shopfloor.inspection.card_placeholder')} data-testid="inspection-card-input" />
            <Button size="xl" h={TARGET + 4} variant="default" onClick={() => void onScan(cardText)} loading={looking} data-testid="inspection-card-go"
              aria-label={t('shopfloor.inspection.look_up')}><IconScan /></Button>
            <Button size="xl" h={TARGET + 4} variant={camera ? 'filled' : 'light'} leftSection={<IconCamera />} onClick={() => setCamera(c => !c)}
              data-testid="inspection-camera">{t('shopfloor.inspection.camera')}</Button>
          </Group>
          {camera && <Box mt="md"><CameraScanner onScan={code => void onScan(code)} height={260} /></Box>}
          {notice && <Alert color="red" mt="md" data-testid="inspection-notice"><Text size="lg">{notice}</Text></Alert>}
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stepper label={t('shopfloor.inspection.passed')} value={passed} error={errors.quantity} testId="inspection-quantity"
            onChange={value => dispatch({ type: 'quantity', value })} />
          <Stepper label={t('shopfloor.inspection.bad')} value={bad} error={errors.bad_quantity} testId="inspection-bad"
            hint={form.defects.length && !form.badTouched ? t('shopfloor.inspection.bad_hint') : undefined}
            onChange={value => dispatch({ type: 'bad', value })} />
          <Stepper label={t('shopfloor.inspection.weight')} value={form.weight} error={errors.weight} testId="inspection-weight" noSteps
            onChange={value => dispatch({ type: 'weight', value })} />
        </SimpleGrid>

        <Section label={t('shopfloor.inspection.grade')} error={errors.grade}>
          {grades.length === 0 ? <Text c="dimmed">{t('shopfloor.inspection.no_grades')}</Text> : (
            <SimpleGrid cols={{ base: Math.min(grades.length, 4), sm: Math.min(grades.length, 6) }} spacing="sm" data-testid="inspection-grades">
              {grades.map(g => (
                <Button key={g} size="xl" h={TARGET} variant={form.grade === g ? 'filled' : 'default'} aria-pressed={form.grade === g}
                  onClick={() => dispatch({ type: 'grade', value: g })} data-testid={`inspection-grade-${g}`}>{g}</Button>
              ))}
            </SimpleGrid>
          )}
        </Section>

        <Section label={t('shopfloor.inspection.defects')} error={errors.defects}>
          {reasons.length === 0 ? <Text c="dimmed">{t('shopfloor.inspection.no_defects')}</Text> : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="inspection-defects">
              {reasons.map(r => (
                <Button key={r} size="lg" h={TARGET} color="red" variant={chosen.has(r) ? 'filled' : 'default'} aria-pressed={chosen.has(r)}
                  onClick={() => dispatch({ type: 'toggleDefect', reason: r })} data-testid={`inspection-defect-${r}`}
                  styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}>{r}</Button>
              ))}
            </SimpleGrid>
          )}
          {form.defects.length > 0 && (
            <Stack gap="sm" mt="md">
              {form.defects.map(d => (
                <Group key={d.reason} justify="space-between" wrap="nowrap">
                  <Text fz={20} fw={600}>{d.reason}</Text>
                  <Stepper value={d.quantity} testId={`inspection-defect-qty-${d.reason}`} compact
                    onChange={value => dispatch({ type: 'defectQuantity', reason: d.reason, value: value ?? 0 })} />
                </Group>
              ))}
            </Stack>
          )}
        </Section>

        <Section label={t('shopfloor.inspection.photos', { max: PHOTOS_MAX })} error={errors.photos}>
          <Group gap="sm" wrap="wrap">
            {photos.items.map(p => <Thumb key={p.key} photo={p} onRemove={() => photos.remove(p.key)} onRetry={() => photos.retry(p.key)} />)}
            {!photos.full && (
              <Button size="xl" h={96} w={96} variant="light" p={0} onClick={() => fileInput.current?.click()} data-testid="inspection-add-photo"
                aria-label={t('shopfloor.inspection.add_photo')}><IconPhotoPlus size={36} /></Button>
            )}
          </Group>
          <input ref={fileInput} type="file" accept="image/*" capture="environment" multiple hidden data-testid="inspection-photo-input"
            onChange={e => { photos.add([...(e.currentTarget.files ?? [])]); e.currentTarget.value = ''; }} />
          {photos.items.some(p => p.state === 'waiting') && <Text c="orange" mt="sm">{t('shopfloor.inspection.photos_offline')}</Text>}
        </Section>

        <Textarea size="xl" label={t('shopfloor.inspection.remark')} autosize minRows={2} value={form.remark} error={errors.remark}
          onChange={e => dispatch({ type: 'remark', value: e.currentTarget.value })} data-testid="inspection-remark" />

        {insp.copy?.asOf != null && (
          <Text size="sm" c="dimmed">{t('shopfloor.kiosk.data_as_of', { time: localDateTimeString(new Date(insp.copy.asOf)) })}</Text>
        )}
      </Stack>

      {/* The main action stays at the bottom edge, where the thumb holding the tablet reaches. */}
      <Box p="md" data-sticky-actions style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}>
        <Group gap="sm" wrap="nowrap">
          <Button size="xl" h={72} variant="default" onClick={clearAll} disabled={busy} data-testid="inspection-clear">{t('shopfloor.inspection.clear')}</Button>
          <Button size="xl" h={72} color="green" style={{ flex: 1, fontSize: 26 }} leftSection={<IconCheck size={30} />} loading={busy}
            onClick={() => void submit()} data-testid="inspection-submit">{t('shopfloor.inspection.submit')}</Button>
        </Group>
      </Box>

      {done && (
        <Box role="status" data-testid="inspection-done" data-held={done.held ? '1' : '0'} onClick={() => setDone(null)}
          style={{ position: 'fixed', inset: 0, zIndex: 400, background: '#2f9e44', color: '#fff', display: 'flex', flexDirection: 'column',
            alignItems: 'center', justifyContent: 'center', textAlign: 'center', cursor: 'pointer', padding: 24 }}>
          <div style={{ fontSize: 'clamp(64px, 14vw, 160px)', fontWeight: 800, lineHeight: 1 }}>✓</div>
          <div style={{ fontSize: 'clamp(28px, 5vw, 56px)', fontWeight: 700 }}>{t('shopfloor.inspection.saved', { card: done.card })}</div>
          {done.held && <div style={{ fontSize: 'clamp(18px, 3vw, 28px)', marginTop: 12 }}>{t('shopfloor.inspection.saved_held')}</div>}
          <div style={{ fontSize: 20, marginTop: 24, opacity: 0.85 }}>{t('shopfloor.inspection.next_card')}</div>
        </Box>
      )}
    </Box>
  );
}

function Section({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Text fz={20} fw={700}>{label}</Text>
      {children}
      {error && <Text c="red" size="lg" data-testid="inspection-section-error">{error}</Text>}
    </Stack>
  );
}

/**
 * A quantity with big − and + on either side (a gloved thumb hits them, not the tiny arrows of a number field). The
 * field shows what is typed ("1." included) while its value is the number; a value changed from outside (a default
 * following the defects) replaces it.
 */
function Stepper({ label, value, onChange, error, hint, testId, noSteps, compact }: {
  label?: string; value: number | null; onChange: (v: number | null) => void; error?: string; hint?: string; testId: string;
  noSteps?: boolean; compact?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | number>(value ?? '');
  const draftValue = draft === '' ? null : Number(draft);
  const shown = draftValue === value ? draft : value ?? '';
  const step = (d: number) => onChange(Math.max(0, Math.round(((value ?? 0) + d) * 10_000) / 10_000));
  const field = (
    <NumberInput size="xl" hideControls min={0} decimalScale={4} inputMode="decimal" value={shown} w={compact ? 120 : undefined}
      style={{ flex: 1 }} styles={{ input: { fontSize: 26, textAlign: 'center', minHeight: TARGET } }} label={compact ? undefined : label}
      description={hint} error={error} data-testid={testId}
      onChange={v => {
        setDraft(v);
        const n = v === '' ? null : Number(v);
        if (n === null || Number.isFinite(n)) onChange(n);
      }} />
  );
  if (noSteps) return field;
  return (
    <Group gap={8} wrap="nowrap" align="flex-end">
      <ActionIcon size={TARGET} variant="default" aria-label={t('shopfloor.inspection.less')} onClick={() => step(-1)}
        disabled={(value ?? 0) <= 0} data-testid={`${testId}-minus`}><IconMinus size={28} /></ActionIcon>
      {field}
      <ActionIcon size={TARGET} variant="default" aria-label={t('shopfloor.inspection.more')} onClick={() => step(1)}
        data-testid={`${testId}-plus`}><IconPlus size={28} /></ActionIcon>
    </Group>
  );
}

function Thumb({ photo, onRemove, onRetry }: { photo: PhotoItem; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const color = photo.state === 'refused' ? 'red' : photo.state === 'uploaded' ? 'green' : 'orange';
  return (
    <Box pos="relative" w={96} h={96} data-testid="inspection-photo" data-state={photo.state}
      style={{ borderRadius: 8, overflow: 'hidden', border: `3px solid var(--mantine-color-${color}-6)`, background: 'var(--mantine-color-gray-1)' }}>
      {photo.preview ? <img src={photo.preview} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        : <Group justify="center" h="100%"><Loader size="sm" /></Group>}
      {photo.state === 'uploading' && <Loader size="sm" pos="absolute" bottom={6} left={6} color="white" />}
      {photo.state === 'refused' && (
        <Button size="compact-sm" color="red" pos="absolute" bottom={4} left={4} onClick={onRetry} data-testid="inspection-photo-retry"
          title={photo.reason}>{t('shopfloor.inspection.retry')}</Button>
      )}
      <CloseButton size={48} pos="absolute" top={0} right={0} variant="filled" aria-label={t('shopfloor.inspection.remove_photo')} onClick={onRemove} />
    </Box>
  );
}
