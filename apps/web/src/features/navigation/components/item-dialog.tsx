import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAVIGATION_LIMITS } from '@agora/contracts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import type { EditorNode } from '../tree.ts';
import { LinkPicker } from './link-picker.tsx';

export type ItemPatch = Pick<EditorNode, 'text' | 'link' | 'public' | 'new_window'>;

type ItemDialogProps = {
  node: EditorNode | null;
  groupSlug?: string;
  errors?: Record<string, string>;
  onSave: (key: string, patch: ItemPatch) => void;
  onClose: () => void;
};

/** Edits one item's text, link and switches; the whole navigation is saved on the page. */
export function ItemDialog({ node, groupSlug, errors, onSave, onClose }: ItemDialogProps) {
  const { t } = useTranslation('navigation');
  return (
    <Modal opened={node !== null} onClose={onClose} title={t('editor.edit_item')} centered>
      {node && (
        <ItemForm key={node.key} node={node} groupSlug={groupSlug} errors={errors} onSave={onSave} onClose={onClose} />
      )}
    </Modal>
  );
}

function ItemForm({ node, groupSlug, errors, onSave, onClose }: Omit<ItemDialogProps, 'node'> & { node: EditorNode }) {
  const { t } = useTranslation('navigation');
  const [draft, setDraft] = useState<ItemPatch>({
    text: node.text,
    link: node.link,
    public: node.public,
    new_window: node.new_window,
  });
  const message = (key: string | undefined) =>
    key ? t(`errors.${key}`, { defaultValue: t('errors.invalid') }) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(node.key, draft);
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <LimitedTextInput
          label={t('editor.text')}
          value={draft.text}
          maxLength={NAVIGATION_LIMITS.text}
          required
          data-autofocus
          onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
          error={draft.text.trim() ? undefined : message(errors?.text)}
        />
        <LinkPicker
          value={draft.link}
          groupSlug={groupSlug}
          onChange={(link) => setDraft({ ...draft, link })}
          error={draft.link === node.link ? message(errors?.link) : undefined}
        />
        {/* Visitors see the network's public items only; a group's pages are for members. */}
        {!groupSlug && (
          <Switch
            label={t('editor.public')}
            description={t('editor.public_hint')}
            checked={draft.public}
            onChange={(event) => setDraft({ ...draft, public: event.currentTarget.checked })}
          />
        )}
        <Switch
          label={t('editor.new_window')}
          checked={draft.new_window}
          onChange={(event) => setDraft({ ...draft, new_window: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit">{t('editor.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
