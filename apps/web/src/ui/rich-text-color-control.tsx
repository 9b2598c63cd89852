import { ColorSwatch, Group, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconCircleOff, IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_COLORS } from './rich-text-options.ts';

/** Text colour from the spec's palette only (no free colour picker), or back to the default. */
export function RichTextColorControl() {
  const { t } = useTranslation('ui');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const current = editor?.getAttributes('textStyle').color as string | undefined;

  const choose = (color: string | null) => {
    setOpened(false);
    const chain = editor?.chain().focus();
    if (color) chain?.setColor(color).run();
    else chain?.unsetColor().run();
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal shadow="md" position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => setOpened((o) => !o)}
          aria-label={t('editor.color.label')}
          title={t('editor.color.label')}
          aria-expanded={opened}
        >
          {current ? (
            <ColorSwatch color={current} size={14} aria-hidden />
          ) : (
            <IconPalette size={16} stroke={1.5} aria-hidden />
          )}
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={7} spacing={4}>
          {EDITOR_COLORS.map((color) => {
            const name = t('editor.color.choose', { color: t(`editor.colors.${color}`) });
            return (
              <ColorSwatch
                key={color}
                component="button"
                type="button"
                color={color}
                size={24}
                radius="xs"
                onClick={() => choose(color)}
                aria-label={name}
                aria-pressed={current === color}
                title={name}
                style={{ cursor: 'pointer' }}
              />
            );
          })}
        </SimpleGrid>
        <Group mt="xs" justify="flex-end">
          <UnstyledButton
            onClick={() => choose(null)}
            aria-label={t('editor.color.unset')}
            title={t('editor.color.unset')}
          >
            <IconCircleOff size={18} aria-hidden />
          </UnstyledButton>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
