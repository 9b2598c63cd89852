import { Group, Input, Text } from '@mantine/core';
import { RichTextEditor as MantineRichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/core';
import { useEditor, type Editor } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextCodeLanguage } from './rich-text-code-language.tsx';
import { RichTextColorControl } from './rich-text-color-control.tsx';
import { richTextExtensions } from './rich-text-extensions.ts';
import { RichTextLinkControl } from './rich-text-link-control.tsx';
import { countLines } from './rich-text-options.ts';

type RichTextEditorProps = {
  /** The field's name; shown above it unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  /** HTML; '' for no text. The server sanitizes whatever arrives. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** Start as one placeholder line that opens into the editor on click or focus (reply composers). */
  collapsed?: boolean;
  collapsedPlaceholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  withCounters?: boolean;
  minHeight?: number;
  /** More extensions (the composer's mentions); a stable array, made once. */
  extensions?: Extensions;
  /** More toolbar controls (the composer's emoji); they find the editor with useRichTextEditorContext. */
  toolbarExtra?: ReactNode;
  /** Put the cursor at the end of the text when the editor appears. */
  autoFocus?: boolean;
};

// Read by screen readers, not shown (a reply composer names its field by its place).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function Counters({ editor }: { editor: Editor }) {
  const { t } = useTranslation('ui');
  // An editor being replaced (see RichTextEditor) has no extension storage left to count with.
  const counter = editor.storage.characterCount as typeof editor.storage.characterCount | undefined;
  if (!counter) return null;
  const counts = [
    t('editor.counters.words', { value: counter.words() }),
    t('editor.counters.lines', { value: countLines(editor.getText({ blockSeparator: '\n' })) }),
    t('editor.counters.characters', { value: counter.characters() }),
  ];
  return (
    <Group gap="md" justify="flex-end" aria-label={t('editor.counters.label')} role="group">
      {counts.map((count) => (
        <Text key={count} size="xs" c="dimmed">
          {count}
        </Text>
      ))}
    </Group>
  );
}

/**
 * The rich-text editor of every form (Tiptap through Mantine): headings 1-5, bold, italic,
 * underline, strike, lists, quotes, links, code blocks with a language, the spec's text colours,
 * and word, line and character counts below.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { label, hideLabel, value, onChange, placeholder, description, error, required, disabled } = props;
  const { withCounters = true, minHeight = 160 } = props;
  const { t } = useTranslation('ui');
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const [expanded, setExpanded] = useState(!props.collapsed || value !== '');
  const focusPending = useRef(props.autoFocus === true);

  // Stable options: the editor compares them on every render and would be reconfigured.
  const extra = props.extensions;
  const extensions = useMemo(() => [...richTextExtensions(placeholder), ...(extra ?? [])], [placeholder, extra]);
  const [initialContent] = useState(value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(descriptionId || errorId ? { 'aria-describedby': [errorId, descriptionId].filter(Boolean).join(' ') } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        style: `min-height: ${minHeight}px`,
      },
    }),
    [labelId, descriptionId, errorId, error, required, minHeight],
  );

  const made = useEditor({
    extensions,
    content: initialContent,
    editable: !disabled,
    editorProps,
    immediatelyRender: true,
    // Mantine's controls read their active state while rendering.
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });
  // The editor of a render may be gone by the time it is used: Tiptap destroys an editor that was
  // not mounted a millisecond after it was made (a slow first render) and makes a new one, which
  // starts with the content and comes with the next render. Until then there is none.
  const editor = made && !made.isDestroyed ? made : null;

  // A value from outside (a reset after sending, a loaded record) replaces the content; the
  // editor may have gone since the render (above).
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (expanded && focusPending.current && editor && !editor.isDestroyed) {
      focusPending.current = false;
      editor.commands.focus('end');
    }
  }, [expanded, editor]);

  const expand = () => {
    focusPending.current = true;
    setExpanded(true);
  };

  if (!expanded) {
    return (
      <Input component="button" type="button" pointer onClick={expand} onFocus={expand} disabled={disabled}>
        <Text c="dimmed" size="sm" component="span">
          {props.collapsedPlaceholder ?? t('editor.collapsed_placeholder')}
        </Text>
      </Input>
    );
  }

  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('editor.bold'),
    italicControlLabel: t('editor.italic'),
    underlineControlLabel: t('editor.underline'),
    strikeControlLabel: t('editor.strike'),
    clearFormattingControlLabel: t('editor.clear_formatting'),
    h1ControlLabel: t('editor.heading', { level: 1 }),
    h2ControlLabel: t('editor.heading', { level: 2 }),
    h3ControlLabel: t('editor.heading', { level: 3 }),
    h4ControlLabel: t('editor.heading', { level: 4 }),
    h5ControlLabel: t('editor.heading', { level: 5 }),
    bulletListControlLabel: t('editor.bullet_list'),
    orderedListControlLabel: t('editor.ordered_list'),
    blockquoteControlLabel: t('editor.blockquote'),
    codeBlockControlLabel: t('editor.code_block'),
    unlinkControlLabel: t('editor.link.remove'),
    undoControlLabel: t('editor.undo'),
    redoControlLabel: t('editor.redo'),
  };

  return (
    <div>
      <Input.Label
        id={labelId}
        labelElement="div"
        required={required}
        onClick={() => editor?.commands.focus()}
        style={hideLabel ? VISUALLY_HIDDEN : undefined}
      >
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <MantineRichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <MantineRichTextEditor.Toolbar role="toolbar" aria-label={t('editor.toolbar')}>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <RichTextColorControl />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H1 />
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
            <MantineRichTextEditor.H4 />
            <MantineRichTextEditor.H5 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
            <MantineRichTextEditor.Blockquote />
            <MantineRichTextEditor.CodeBlock />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <RichTextLinkControl />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
          {props.toolbarExtra}
          <RichTextCodeLanguage />
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
      {withCounters && editor && <Counters editor={editor} />}
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </div>
  );
}
