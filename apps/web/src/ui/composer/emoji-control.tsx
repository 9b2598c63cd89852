import { Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A fixed set of common emoji: enough for a post, without an emoji library in the bundle. */
export const COMMON_EMOJI = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😆',
  '😅',
  '😂',
  '🙂',
  '😉',
  '😊',
  '😍',
  '🥳',
  '😎',
  '🤔',
  '😮',
  '😢',
  '😭',
  '😡',
  '🙄',
  '😴',
  '🤗',
  '🙏',
  '👍',
  '👎',
  '👏',
  '🙌',
  '💪',
  '👋',
  '🤝',
  '✌️',
  '❤️',
  '💔',
  '🔥',
  '⭐',
  '✨',
  '🎉',
  '🎂',
  '🎁',
  '☕',
  '🍕',
  '✅',
  '❌',
  '❗',
  '❓',
  '💡',
  '📌',
  '📅',
  '🚀',
] as const;

/** The toolbar's emoji button: a popover of emoji, each inserted at the cursor. */
export function EmojiControl() {
  const { t } = useTranslation('ui');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);

  const insert = (emoji: string) => {
    setOpened(false);
    editor?.chain().focus().insertContent(emoji).run();
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal shadow="md" position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => setOpened((current) => !current)}
          aria-label={t('composer.emoji')}
          title={t('composer.emoji')}
          aria-expanded={opened}
        >
          <IconMoodSmile size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} role="group" aria-label={t('composer.emoji')}>
          {COMMON_EMOJI.map((emoji) => (
            <UnstyledButton
              key={emoji}
              onClick={() => insert(emoji)}
              aria-label={emoji}
              fz={20}
              w={32}
              h={32}
              style={{ textAlign: 'center', borderRadius: 4 }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
