import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLink } from './link.ts';

/**
 * The link prompt: https:// is added to an entry with a dot and no scheme, an empty entry
 * removes the link. Without a selection the address itself is inserted as the link's text.
 */
export function RichTextLinkControl() {
  const { t } = useTranslation('ui');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [entry, setEntry] = useState('');

  const open = () => {
    setEntry((editor?.getAttributes('link').href as string | undefined) ?? '');
    setOpened(true);
  };
  // Mantine's Link extension sends this on Mod+K.
  useWindowEvent('edit-link', open);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    setOpened(false);
    if (!editor) return;
    const href = normalizeLink(entry);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === null) {
      chain.unsetLink().run();
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal shadow="md" position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => (opened ? setOpened(false) : open())}
          active={editor?.isActive('link')}
          aria-label={t('editor.link.label')}
          title={t('editor.link.label')}
          aria-expanded={opened}
        >
          <IconLink size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={apply}>
          <Stack gap="xs">
            <TextInput
              label={t('editor.link.input')}
              description={t('editor.link.hint')}
              placeholder={t('editor.link.placeholder')}
              value={entry}
              onChange={(event) => setEntry(event.currentTarget.value)}
              inputMode="url"
              autoComplete="off"
              size="xs"
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button type="submit" size="xs">
                {t('editor.link.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
