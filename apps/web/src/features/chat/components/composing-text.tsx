import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatMemberRef } from '@agora/contracts';
import { useComposingMembers } from '../client/store.ts';
import classes from './chat.module.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Anna is typing …", "Anna and Max are typing …", "3 people are typing …"; empty for nobody. */
export function composingText(members: ChatMemberRef[], t: Translate): string {
  const [first, second] = members;
  if (!first) return '';
  if (!second) return t('composing.one', { name: first.name });
  if (members.length === 2) return t('composing.two', { first: first.name, second: second.name });
  return t('composing.many', { count: members.length });
}

/** Three dots that pulse while someone types (still for who asks for less motion). */
export function TypingDots() {
  return (
    <span className={classes.typingDots} aria-hidden>
      <span />
      <span />
      <span />
    </span>
  );
}

/**
 * Who is typing in a chat, where the chat shows (its row in a list, the room), in the text's
 * colour with the pulsing dots, so that it is noticed beside dimmed previews; nothing while
 * nobody types.
 */
export function ComposingText({ chatId, size }: { chatId: string; size: 'xs' | 'sm' }) {
  const { t } = useTranslation('chat');
  const text = composingText(useComposingMembers(chatId), t);
  if (!text) return null;
  return (
    <Text size={size} fs="italic" c="var(--mantine-color-text)" truncate data-testid="composing-text">
      <TypingDots />
      {text}
    </Text>
  );
}
