import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** The pad's height in CSS pixels: room for a name written by a finger on a phone held upright. */
const HEIGHT = 200;
/**
 * The pixel ratio the pad is drawn at, at most 2: sharp on a phone's screen and on a printed delivery note, and a PNG
 * of a few tens of KB (a ratio of 3 would weigh more than twice as much and show no more of a signature).
 */
const MAX_RATIO = 2;

/**
 * The customer's signature, drawn with a finger, a stylus or a mouse (signature_pad): on white, so the PNG it makes
 * prints as it was seen. `onChange` gets the PNG as a data URL after every stroke, null once cleared. The pad is sized
 * to its box at the screen's pixel ratio, and keeps what was drawn when the phone turns.
 */
export function SignatureCanvas({ onChange, error }: { onChange: (png: string | null) => void; error?: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useEffectEvent((png: string | null) => onChange(png));

  useEffect(() => {
    const c = canvas.current;
    if (!c) return undefined;
    const p = new SignaturePad(c, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(17,17,17)', minWidth: 0.8, maxWidth: 2.8 });
    pad.current = p;
    const emit = () => changed(p.isEmpty() ? null : p.toDataURL('image/png'));
    const fit = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
      const width = Math.round(c.offsetWidth * ratio);
      if (width === 0 || (c.width === width && c.height === Math.round(HEIGHT * ratio))) return;
      const drawn = p.toData();
      c.width = width;
      c.height = Math.round(HEIGHT * ratio);
      c.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      if (drawn.length > 0) {
        p.fromData(drawn);
        emit();
      }
    };
    fit();
    p.addEventListener('endStroke', emit);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      p.removeEventListener('endStroke', emit);
      p.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    onChange(null);
  };

  return (
    <Box>
      <Box style={{ border: `2px solid var(--mantine-color-${error ? 'red-6' : 'gray-5'})`, borderRadius: 8, background: '#fff', overflow: 'hidden' }}>
        <canvas ref={canvas} data-testid="pod-signature" aria-label={t('deliverysign.signature_label')}
          style={{ display: 'block', width: '100%', height: HEIGHT, touchAction: 'none', cursor: 'crosshair' }} />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="sm" c={error ? 'red' : 'dimmed'}>{error ?? t('deliverysign.signature_hint')}</Text>
        <Button variant="subtle" size="md" leftSection={<IconEraser size={20} />} onClick={clear} data-testid="pod-signature-clear">
          {t('deliverysign.clear')}
        </Button>
      </Group>
    </Box>
  );
}
