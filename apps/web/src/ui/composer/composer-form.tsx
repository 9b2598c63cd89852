import { Box, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { IconMaximize, IconMinimize, IconPaperclip, IconPhoto, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LIMITS, NEW_TAG_PREFIX, type Tag } from '@agora/contracts';
import { confirm } from '../confirm-dialog.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { UploadField, useUploadField } from '../upload/index.ts';
import { keptIds } from '../upload/upload-queue.ts';
import { LeaveGuard } from '../use-leave-guard.ts';
import { dropDraft, loadDraft, saveDraft, type ComposerDraft } from './draft.ts';
import { EmojiControl } from './emoji-control.tsx';
import { MentionList } from './mention-list.tsx';
import { MentionController, mentionExtension, SubmitShortcut } from './mentions.ts';
import { TagInput } from './tag-input.tsx';
import type { RichComposerProps, RichComposerValue } from './types.ts';

type ComposerFormProps = RichComposerProps & {
  /** Saved or canceled: the composer starts over (collapsed, unless it starts expanded). */
  onClose: () => void;
};

function startValue(initial: Partial<RichComposerValue> | undefined): RichComposerValue {
  return {
    content: initial?.content ?? '',
    files: initial?.files ?? [],
    images: initial?.images ?? [],
    tags: initial?.tags ?? [],
  };
}

/** The id the server takes: an existing tag's, or `new_<name>` for one to make. */
export function tagRef(tag: Tag): string {
  return tag.new && !tag.id.startsWith(NEW_TAG_PREFIX) ? `${NEW_TAG_PREFIX}${tag.name}` : tag.id;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Writes the draft at most once a second (the last state wins), drops it when nothing is left to
 * keep, and writes a pending one when the composer goes away (leaving the page).
 */
function useDraftSaving(key: string | null, draft: ComposerDraft | null) {
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(() => {
    timer.current = null;
    if (!key) return;
    if (latest.current) saveDraft(key, latest.current);
    else dropDraft(key);
  }, [key]);

  useEffect(() => {
    latest.current = draft;
    if (!key || timer.current !== null) return;
    timer.current = setTimeout(write, ACTIVITY_LIMITS.draftSaveMs);
  });

  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      write();
    },
    [write],
  );

  return {
    /** Saved or canceled: no draft any more, and none written later. */
    drop: () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      dropDraft(key);
    },
  };
}

function FullscreenControl({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  const { t } = useTranslation('ui');
  const label = t(active ? 'composer.fullscreen_leave' : 'composer.fullscreen');
  return (
    <MantineRichTextEditor.Control onClick={onToggle} aria-label={label} title={label} active={active}>
      {active ? (
        <IconMinimize size={16} stroke={1.5} aria-hidden />
      ) : (
        <IconMaximize size={16} stroke={1.5} aria-hidden />
      )}
    </MantineRichTextEditor.Control>
  );
}

/**
 * The open composer: rich text with `@` and `#` mentions and emoji, an optional quote, tags,
 * files and images, an optional fullscreen layer; cancel asks when something would be lost.
 */
export function ComposerForm(props: ComposerFormProps) {
  const { draftKey, withTags = false, withAttachments = true, withFullscreen = true, quote } = props;
  const { t } = useTranslation('ui');
  const [initial] = useState(() => startValue(props.initialValue));
  const [start] = useState(() => loadDraft(draftKey) ?? initial);
  const [content, setContent] = useState(start.content);
  const [tags, setTags] = useState<Tag[]>(start.tags);
  const files = useUploadField('files', start.files);
  const images = useUploadField('images', start.images);
  const [showFiles, setShowFiles] = useState(start.files.length > 0);
  const [showImages, setShowImages] = useState(start.images.length > 0);
  const [submitting, setSubmitting] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const controller = useMemo(() => new MentionController(), []);
  const extensions = useMemo(() => [mentionExtension(controller), SubmitShortcut], [controller]);

  const fileIds = keptIds(files.items);
  const imageIds = keptIds(images.items);
  const tagIds = tags.map(tagRef);
  const dirty =
    content !== initial.content ||
    !sameList(tagIds, initial.tags.map(tagRef)) ||
    !sameList(fileIds, keptIds(initial.files)) ||
    !sameList(imageIds, keptIds(initial.images));
  const empty = content === '' && fileIds.length === 0 && imageIds.length === 0;
  const uploading = files.isUploading || images.isUploading;
  const blocked = empty || submitting || uploading || props.submitDisabled === true;

  const draft = useDraftSaving(draftKey, dirty ? { content, tags, files: files.items, images: images.items } : null);

  const submit = async () => {
    if (blocked) return;
    setSubmitting(true);
    try {
      await props.onSubmit({ content, files: fileIds, images: imageIds, tags: tagIds });
    } catch {
      // The caller shows what went wrong; the text stays for another try.
      setSubmitting(false);
      return;
    }
    draft.drop();
    props.onClose();
  };

  const cancel = async () => {
    if (dirty) {
      const discard = await confirm({
        title: t('composer.cancel_dialog.title'),
        message: t('composer.cancel_dialog.text'),
        confirmLabel: t('composer.cancel_dialog.confirm'),
        cancelLabel: t('composer.cancel_dialog.cancel'),
        danger: true,
      });
      if (!discard) return;
    }
    draft.drop();
    props.onCancel?.();
    props.onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && fullscreen && !event.defaultPrevented) {
      event.preventDefault();
      setFullscreen(false);
    }
  };

  const toolbarExtra = (
    <MantineRichTextEditor.ControlsGroup>
      <EmojiControl />
      {withFullscreen && <FullscreenControl active={fullscreen} onToggle={() => setFullscreen((on) => !on)} />}
    </MantineRichTextEditor.ControlsGroup>
  );

  return (
    <Box
      {...(fullscreen ? { role: 'dialog', 'aria-label': props.placeholder, p: 'md' } : {})}
      style={
        fullscreen
          ? // Above the app's header (100), below Mantine's dialogs (200) and dropdowns (300).
            { position: 'fixed', inset: 0, zIndex: 150, overflowY: 'auto', background: 'var(--mantine-color-body)' }
          : undefined
      }
    >
      {dirty && <LeaveGuard suspended={submitting} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onKeyDown={onKeyDown}
        noValidate
      >
        <Stack gap="sm" maw={fullscreen ? 960 : undefined} mx={fullscreen ? 'auto' : undefined}>
          {quote && (
            <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-default-hover)">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Box component="figure" m={0} style={{ minWidth: 0 }}>
                  <Text size="xs" fw={600} component="figcaption">
                    {t('composer.quote.author', { name: quote.author })}
                  </Text>
                  <Text size="sm" lineClamp={3} component="blockquote" m={0}>
                    {quote.content}
                  </Text>
                </Box>
                {props.onRemoveQuote && (
                  <CloseButton size="sm" onClick={props.onRemoveQuote} aria-label={t('composer.quote.remove')} />
                )}
              </Group>
            </Paper>
          )}
          <RichTextEditor
            label={props.placeholder}
            hideLabel
            value={content}
            onChange={setContent}
            extensions={extensions}
            toolbarExtra={toolbarExtra}
            autoFocus
            minHeight={fullscreen ? 320 : 120}
            disabled={submitting}
          />
          <MentionList controller={controller} />
          {withTags && <TagInput value={tags} onChange={setTags} />}
          {withAttachments && (showFiles || showImages) && (
            <Stack gap="xs">
              {showImages && (
                <UploadField {...images.fieldProps} label={t('composer.images')} maxFiles={ACTIVITY_LIMITS.imagesMax} />
              )}
              {showFiles && (
                <UploadField {...files.fieldProps} label={t('composer.files')} maxFiles={ACTIVITY_LIMITS.filesMax} />
              )}
            </Stack>
          )}
          {props.children}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs">
              {withAttachments && !showImages && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPhoto size={16} aria-hidden />}
                  onClick={() => setShowImages(true)}
                >
                  {t('composer.add_images')}
                </Button>
              )}
              {withAttachments && !showFiles && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPaperclip size={16} aria-hidden />}
                  onClick={() => setShowFiles(true)}
                >
                  {t('composer.add_files')}
                </Button>
              )}
            </Group>
            <Group gap="xs" ml="auto">
              <Button variant="default" onClick={() => void cancel()} disabled={submitting}>
                {t('composer.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={submitting}
                disabled={blocked}
                title={t('composer.submit_hint')}
              >
                {props.submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
