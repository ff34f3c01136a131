import { Button, Group, Modal, Progress, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAVOURITES_COUNTDOWN_S } from './favourites';

export interface FavouritesPromptProps {
  opened: boolean;
  /** Called once: true = use the favourites (also when the countdown runs out), false = the full menu. */
  onAnswer(useFavourites: boolean): void;
}

/** 使用收藏菜单？ with a 4-second countdown that then answers yes (spec §2, §9). */
export function FavouritesPrompt({ opened, onAnswer }: FavouritesPromptProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(FAVOURITES_COUNTDOWN_S);
  const answer = useRef(onAnswer);
  useEffect(() => { answer.current = onAnswer; });

  useEffect(() => {
    if (!opened) return;
    let remaining = FAVOURITES_COUNTDOWN_S;
    const timer = setInterval(() => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) {
        clearInterval(timer);
        answer.current(true);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [opened]);

  return (
    // Closing the dialog (Esc, the X) is not an answer the spec knows; it counts as the default, yes.
    <Modal opened={opened} onClose={() => onAnswer(true)} title={t('shell.favourites.title')} centered size="sm">
      <Text fw={500}>{t('shell.favourites.prompt')}</Text>
      <Text size="sm" c="dimmed" mt={4}>{t('shell.favourites.countdown', { seconds: Math.max(left, 0) })}</Text>
      <Progress value={(Math.max(left, 0) / FAVOURITES_COUNTDOWN_S) * 100} size="xs" mt="xs" transitionDuration={900} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onAnswer(false)}>{t('shell.favourites.no')}</Button>
        <Button onClick={() => onAnswer(true)}>{t('shell.favourites.yes')} ({Math.max(left, 0)})</Button>
      </Group>
    </Modal>
  );
}
