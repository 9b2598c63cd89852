import { Box, Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { RichTextEditor } from './rich-text-editor.tsx';

type RichTextEditorProps = ComponentProps<typeof RichTextEditor>;

/** Tiptap, ProseMirror and the code highlighting: the largest chunk of the app, fetched with the first form that shows an editor. */
const LoadedEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The editor's toolbar on one line; the counters below the text. */
const TOOLBAR_HEIGHT = 46;
const COUNTERS_HEIGHT = 19;

/**
 * The rich-text editor, loaded when a form first shows one. Until it is there its label and a box
 * of its size stand in, so the form does not jump when it arrives.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { withCounters = true, minHeight = 160 } = props;
  const placeholder = (
    <Box aria-busy="true">
      {!props.hideLabel && <Input.Label required={props.required}>{props.label}</Input.Label>}
      {props.description && <Input.Description>{props.description}</Input.Description>}
      <Skeleton
        mt={4}
        radius="sm"
        animate={false}
        h={props.collapsed && props.value === '' ? 36 : TOOLBAR_HEIGHT + minHeight + 2}
      />
      {withCounters && !(props.collapsed && props.value === '') && <Box h={COUNTERS_HEIGHT} />}
    </Box>
  );
  return (
    <Suspense fallback={placeholder}>
      <LoadedEditor {...props} />
    </Suspense>
  );
}
