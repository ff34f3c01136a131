import { Alert, Box, Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconCheck, IconMapPin } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactArgsError } from '../../data/outbox/outbox';
import { PhotoDecodeError } from '../../data/photo-upload';
import { receiptPhoto, recordReceipt } from '../../data/proof-of-delivery-client';
import { useReachable } from '../../ui/data/use-resource';
import { placeOf, receiptArgs, receiptProblems, type ReceiptProblem } from './pod-model';
import { SignatureCanvas } from './SignatureCanvas';

/** Touch targets for a thumb on a phone (WCAG 2.5.5 asks 44 px). */
const SIZE = 'lg';

type Place = { state: 'locating' } | { state: 'found'; place: string } | { state: 'none' };

/**
 * The customer's receipt of one delivery, taken on the driver's phone (docs/delivery.md "Proof of delivery"): who
 * signs, the signature drawn on the screen, a photo from the phone's camera (made a JPEG of at most 1600 px and about
 * 300 KB before it is kept), and where the phone is when it can tell (asked once as the form opens; a phone that
 * gives no position signs all the same). "Confirm receipt" queues it as one `sign` fact, durably, before it says so;
 * the outbox sends it when the network is there.
 */
export function ReceiptForm({ deliveryId, contact, personId, enabled, onSaved }: {
  deliveryId: number; contact: string; personId: number | null; enabled: boolean; onSaved: (text: string) => void;
}) {
  const { t } = useTranslation();
  const reachable = useReachable();
  const [signer, setSigner] = useState(contact);
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ dataUrl: string; bytes: number } | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  // A phone that cannot tell its position (no geolocation, or not over HTTPS) signs without one.
  const [place, setPlace] = useState<Place>(() => (typeof navigator !== 'undefined' && navigator.geolocation ? { state: 'locating' } : { state: 'none' }));
  const [problems, setProblems] = useState<ReceiptProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) return undefined;
    geo.getCurrentPosition(
      pos => {
        if (!live) return;
        const found = placeOf(pos.coords);
        setPlace(found ? { state: 'found', place: found } : { state: 'none' });
      },
      () => { if (live) setPlace({ state: 'none' }); },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 120_000 },
    );
    return () => { live = false; };
  }, []);

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    setFailure(null);
    try {
      setPhoto(await receiptPhoto(file));
    } catch (e) {
      if (!(e instanceof PhotoDecodeError)) throw e;
      setFailure(t('deliverysign.photo_unreadable'));
    } finally {
      setPhotoBusy(false);
    }
  };

  const confirm = async () => {
    const form = {
      deliveryId, signer, signature, photo: photo?.dataUrl ?? null, place: place.state === 'found' ? place.place : null, personId,
    };
    const missing = receiptProblems(form);
    setProblems(missing);
    if (missing.length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await recordReceipt(receiptArgs(form));
      onSaved(reachable ? t('deliverysign.saved_online') : t('deliverysign.saved'));
    } catch (e) {
      const reason = e instanceof FactArgsError ? e.issues.map(i => `${i.path.join('.')}: ${i.message}`).join('; ')
        : e instanceof Error ? e.message : String(e);
      setFailure(t('deliverysign.not_saved', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="pod-form">
      <Stack gap="md">
        <TextInput size={SIZE} label={t('deliverysign.signer')} placeholder={t('deliverysign.signer_hint')} value={signer} maxLength={60}
          onChange={e => setSigner(e.currentTarget.value)} data-testid="pod-signer" autoComplete="off"
          error={problems.includes('signer') ? t('deliverysign.required_signer') : undefined} />
        <Box>
          <Text fw={500} mb={4}>{t('deliverysign.signature')}</Text>
          <SignatureCanvas onChange={setSignature}
            error={problems.includes('signature') && !signature ? t('deliverysign.required_signature') : undefined} />
        </Box>
        <Box>
          <Text fw={500}>{t('deliverysign.photo')}</Text>
          <Text size="sm" c="dimmed" mb={4}>{t('deliverysign.photo_hint')}</Text>
          {photo && (
            <Box pos="relative" mb="xs" data-testid="pod-photo" data-bytes={photo.bytes}>
              <img src={photo.dataUrl} alt={t('deliverysign.photo')} style={{ width: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 8 }} />
              <CloseButton size="xl" pos="absolute" top={4} right={4} variant="filled" aria-label={t('deliverysign.remove_photo')}
                onClick={() => setPhoto(null)} />
              <Text size="xs" c="dimmed">{t('deliverysign.photo_size', { kb: Math.round(photo.bytes / 1024) })}</Text>
            </Box>
          )}
          <Button size={SIZE} variant="light" fullWidth leftSection={<IconCamera size={24} />} loading={photoBusy}
            onClick={() => fileInput.current?.click()} data-testid="pod-take-photo">
            {photo ? t('deliverysign.retake') : t('deliverysign.take_photo')}
          </Button>
          <input ref={fileInput} type="file" accept="image/*" capture="environment" hidden data-testid="pod-photo-input"
            onChange={e => { void takePhoto(e.currentTarget.files?.[0]); e.currentTarget.value = ''; }} />
        </Box>
        <Group gap="xs" wrap="nowrap" data-testid="pod-place" data-state={place.state} data-place={place.state === 'found' ? place.place : ''}>
          <IconMapPin size={20} />
          <Text size="sm" c={place.state === 'found' ? undefined : 'dimmed'}>
            {place.state === 'locating' ? t('deliverysign.place_locating')
              : place.state === 'found' ? t('deliverysign.place_found', { place: place.place }) : t('deliverysign.place_none')}
          </Text>
        </Group>
        {failure && <Alert color="red" data-testid="pod-failure">{failure}</Alert>}
        <Button size="xl" fullWidth color="green" leftSection={<IconCheck size={28} />} onClick={() => void confirm()} loading={busy}
          disabled={!enabled || photoBusy} data-testid="pod-confirm">
          {t('deliverysign.confirm')}
        </Button>
      </Stack>
    </Paper>
  );
}
