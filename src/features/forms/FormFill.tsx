import {
  Alert, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { IconCamera, IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ListQuery } from '../../domain/contract/list';
import type { FormField, NumberFormField } from '../../domain/contract/forms';
import type { FieldError } from '../../domain/registry/issue-keys';
import { devices } from '../../domain/resources/devices/devices';
import { formtemplates } from '../../domain/resources/forms/formtemplates';
import { persons } from '../../domain/resources/people/persons';
import { checkForm, unitsOf } from '../../domain/rules/form-check';
import { isApiError } from '../../data/errors';
import { FactArgsError, newFactId } from '../../data/outbox/outbox';
import { PhotoDecodeError } from '../../data/photo-upload';
import { receiptPhoto } from '../../data/proof-of-delivery-client';
import { queueForm, queuedForms, saveOfficeForm } from '../../data/forms-client';
import { sessionStore } from '../../data/session/session-store';
import { translate } from '../../domain/messages/catalog';
import { useStore } from 'zustand';
import { syncStore } from '../../data/offline/sync-engine';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { useOutboxStatus } from '../../ui/stores';
import { useReaderLang } from '../../ui/use-reader-lang';

/** Touch targets for a thumb on a tablet (WCAG 2.5.5 asks 44 px). */
const SIZE = 'lg';
const CURRENT: ListQuery<typeof formtemplates> = {
  limit: -1, filter: [{ field: 'is_current', op: 'eq', value: true }, { field: 'active', op: 'eq', value: true }],
};
const ALL_DEVICES: ListQuery<typeof devices> = { limit: -1 };
const ALL_PERSONS: ListQuery<typeof persons> = { limit: -1 };
const OFFLINE_COPY = [formtemplates.name, devices.name, persons.name];

type Values = Record<string, unknown>;

/** The signature pad the app composes in (the driver's phone's, src/features/proof-of-delivery/SignatureCanvas.tsx). */
export type SignaturePad = ComponentType<{ onChange: (png: string | null) => void; error?: string }>;

/** Whether a typed number lies outside its field's limits (compared in units of its scale, as checkForm does). */
function outside(f: NumberFormField, v: unknown): boolean {
  if (typeof v !== 'number') return false;
  const u = unitsOf(v, f.scale);
  if (u === null) return false;
  const lim = (x: number | undefined) => (x === undefined ? undefined : unitsOf(x, f.scale) ?? Math.round(x * 10 ** f.scale));
  const min = lim(f.min), max = lim(f.max);
  return (min !== undefined && u < min) || (max !== undefined && u > max);
}

/**
 * `/forms/create` (FormFill, docs/sales-office.md "Offline fill on a tablet"): a template of the offline copy (current
 * and active; `?template_id=` picks one), answered one field under another with big targets; a number outside its
 * limits turns red as typed. 提交 judges the answers with checkForm (decision 266) and then:
 * - on a terminal (a device login), queues one `form` fact with its photos and signature inside, durably, before it
 *   says so, with the badge-in person as its filler (decision 267); the outbox pushes it when the network is there;
 * - in the office, online only, uploads the images and saves the form (`POST /forms/save/`), then opens it.
 */
export default function FormFill({ Pad }: { Pad: SignaturePad }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const reachable = useReachable();
  const terminal = sessionStore.getState().home !== null;
  const templates = useResourceList(formtemplates, CURRENT);
  const machineList = useResourceList(devices, ALL_DEVICES);
  const personList = useResourceList(persons, ALL_PERSONS, { enabled: true });
  const [templateId, setTemplateId] = useState<string | null>(search.get('template_id'));
  const [person, setPerson] = useState<string | null>(null);
  const [values, setValues] = useState<Values>({});
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(0);
  // A new key per form, kept until it is saved: a repeat of the same save is answered once.
  const key = useRef(newFactId());
  // The signature pad starts again with each new form.
  const [round, setRound] = useState(0);

  // The tablet's queue, read again whenever the outbox changes (a form queued, a push settled).
  const pending = useOutboxStatus(st => st.pending);
  // Whether the offline copy a fill needs has been pulled once (templates, machines, persons): the tablet can go offline.
  const ready = useStore(syncStore, st => OFFLINE_COPY.every(name => (st.pulledAt[name] ?? 0) > 0));
  useEffect(() => { if (terminal) void queuedForms().then(setQueued); }, [terminal, round, pending]);

  const template = useMemo(() => (templates.data?.dt ?? []).find(x => String(x.id) === templateId), [templates.data, templateId]);
  const fields = useMemo(() => (Array.isArray(template?.fields) ? template.fields as FormField[] : []), [template]);
  const set = (k: string, v: unknown) => setValues(old => ({ ...old, [k]: v }));
  const lang = useReaderLang();
  const message = (e: FieldError | undefined) => (e ? translate(lang, e.key, e.params) : undefined);

  const submit = async () => {
    if (!template) return;
    setNotice(null);
    setFailure(null);
    const judged = checkForm(fields, values);
    setErrors(judged.errors);
    if (Object.keys(judged.errors).length > 0) return;
    if (terminal && !person) { setFailure(t('formsheets.fill_person_missing')); return; }
    setBusy(true);
    try {
      if (terminal) {
        await queueForm({ template_id: Number(template.id), person_id: Number(person), values, remark: remark.trim() || null });
        setNotice(t(judged.flags.length ? 'formsheets.fill_queued_flagged' : 'formsheets.fill_queued'));
        setValues({});
        setRemark('');
        setRound(r => r + 1);
      } else {
        if (!reachable) { setFailure(t('formsheets.fill_offline_office')); return; }
        const id = await saveOfficeForm(Number(template.id), values, remark.trim() || null, key.current);
        key.current = newFactId();
        void navigate(`/forms/edit/${id}`);
      }
    } catch (e) {
      if (e instanceof FactArgsError) setFailure(t('formsheets.fill_refused'));
      // The request layer has shown the server's message (a template replaced since, a card unknown).
      else if (!isApiError(e)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const machines = (machineList.data?.dt ?? []).map(d => ({ value: String(d.id), label: String(d.name ?? d.id) }));
  const people = (personList.data?.dt ?? []).filter(p => p.active !== false).map(p => ({ value: String(p.id), label: String(p.name ?? p.id) }));

  return (
    <Stack p="md" maw={720} data-testid="form-fill" data-ready={ready}>
      <Select size={SIZE} label={t('formsheets.fill_template')} data={(templates.data?.dt ?? []).map(x => ({ value: String(x.id), label: `${String(x.name)} v${String(x.version_no ?? 1)}` }))}
        value={templateId} onChange={v => { setTemplateId(v); setValues({}); setErrors({}); }} searchable data-testid="fill-template" />
      {terminal && (
        <Select size={SIZE} label={t('formsheets.fill_person')} data={people} value={person} onChange={setPerson} searchable required data-testid="fill-person" />
      )}
      {terminal && queued > 0 && <Text size="sm" c="dimmed" data-testid="fill-queued">{t('formsheets.fill_waiting', { count: queued })}</Text>}
      {notice && <Alert color="green" icon={<IconCheck />} data-testid="fill-notice">{notice}</Alert>}
      {failure && <Alert color="red" data-testid="fill-failure">{failure}</Alert>}
      {template && (
        <Paper withBorder p="md" key={`${String(template.id)}-${round}`}>
          <Stack>
            {fields.map(f => (
              <FieldInput key={f.key} f={f} value={values[f.key]} error={message(errors[f.key])} onChange={v => set(f.key, v)}
                machines={machines} people={people} Pad={Pad} />
            ))}
            <Textarea size={SIZE} label={t('formsheets.fill_remark')} value={remark} maxLength={500} onChange={e => setRemark(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button size={SIZE} loading={busy} onClick={() => void submit()} data-testid="fill-submit">{t('formsheets.fill_submit')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function FieldInput({ f, value, error, onChange, machines, people, Pad }: {
  f: FormField; value: unknown; error?: string; onChange: (v: unknown) => void;
  machines: { value: string; label: string }[]; people: { value: string; label: string }[]; Pad: SignaturePad;
}) {
  const { t } = useTranslation();
  const common = { label: f.label, description: f.hint, required: f.required, error, size: SIZE, 'data-testid': `fill-${f.key}` };
  switch (f.kind) {
    case 'section': return <Title order={5}>{f.label}</Title>;
    case 'text':
      return f.multiline
        ? <Textarea {...common} value={typeof value === 'string' ? value : ''} maxLength={f.max} autosize minRows={2} onChange={e => onChange(e.currentTarget.value)} />
        : <TextInput {...common} value={typeof value === 'string' ? value : ''} maxLength={f.max} onChange={e => onChange(e.currentTarget.value)} />;
    case 'number': {
      const bad = outside(f, value);
      const limits = f.min !== undefined || f.max !== undefined ? t('formsheets.flag_limits', { min: f.min ?? '—', max: f.max ?? '—' }) : undefined;
      return (
        <NumberInput {...common} description={[limits, f.hint].filter(Boolean).join(' · ') || undefined} suffix={f.unit ? ` ${f.unit}` : undefined}
          decimalScale={f.scale} value={typeof value === 'number' ? value : ''} onChange={v => onChange(typeof v === 'number' ? v : null)}
          error={error ?? (bad ? t('formsheets.fill_out_of_limits') : undefined)} data-outside={bad ? 'true' : undefined} />
      );
    }
    case 'choice':
      return f.multiple
        ? <MultiSelect {...common} data={f.choices} value={Array.isArray(value) ? value as string[] : []} onChange={onChange} />
        : <SegmentedControl size={SIZE} data={f.choices} value={typeof value === 'string' ? value : ''} onChange={onChange} data-testid={`fill-${f.key}`} />;
    case 'yesno':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{f.label}</Text>
          <SegmentedControl size={SIZE} data={[{ value: 'yes', label: t('forms.yes') }, { value: 'no', label: t('forms.no') }]}
            value={value === true ? 'yes' : value === false ? 'no' : ''} onChange={v => onChange(v === 'yes')} data-testid={`fill-${f.key}`} />
          {error && <Text size="xs" c="red">{error}</Text>}
        </Stack>
      );
    case 'date': return <TextInput {...common} type="date" value={typeof value === 'string' ? value : ''} onChange={e => onChange(e.currentTarget.value)} />;
    case 'ref':
      if (f.to === 'cards') return <TextInput {...common} value={typeof value === 'string' ? value : ''} maxLength={40} onChange={e => onChange(e.currentTarget.value.trim())} />;
      return <Select {...common} searchable data={f.to === 'devices' ? machines : people} value={typeof value === 'number' ? String(value) : null}
        onChange={v => onChange(v === null ? null : Number(v))} />;
    case 'photo': return <Photos f={f} value={Array.isArray(value) ? value as string[] : []} error={error} onChange={onChange} />;
    case 'signature':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{f.label}</Text>
          <Pad onChange={png => onChange(png)} error={error} />
        </Stack>
      );
  }
}

/** A photo field: pictures from the tablet's camera, each made a JPEG of at most 1600 px and about 300 KB. */
function Photos({ f, value, error, onChange }: { f: FormField & { kind: 'photo' }; value: string[]; error?: string; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const take = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setUnreadable(false);
    try {
      onChange([...value, (await receiptPhoto(file)).dataUrl]);
    } catch (e) {
      if (!(e instanceof PhotoDecodeError)) throw e;
      setUnreadable(true);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{f.label}</Text>
      <SimpleGrid cols={3}>
        {value.map((src, i) => (
          <Stack key={i} gap={2}>
            <img src={src} alt={f.label} style={{ width: '100%', borderRadius: 4 }} />
            <Button size="xs" variant="subtle" color="red" onClick={() => onChange(value.filter((_, k) => k !== i))}>{t('forms.remove')}</Button>
          </Stack>
        ))}
      </SimpleGrid>
      <input ref={input} type="file" accept="image/*" capture="environment" hidden onChange={e => void take(e.currentTarget.files?.[0])}
        data-testid={`fill-${f.key}-file`} />
      {value.length < f.max && (
        <Button size={SIZE} variant="light" leftSection={<IconCamera />} loading={busy} onClick={() => input.current?.click()}>
          {t('formsheets.fill_photo')}
        </Button>
      )}
      {unreadable && <Text size="xs" c="red">{t('formsheets.fill_photo_unreadable')}</Text>}
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}
