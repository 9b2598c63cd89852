import { Input, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { loadDraft } from './draft.ts';
import type { RichComposerProps } from './types.ts';

/** The editor, mentions, tags and uploads: fetched when the composer first opens. */
const ComposerForm = lazy(() => import('./composer-form.tsx').then((m) => ({ default: m.ComposerForm })));

/**
 * The composer of posts, replies and letters (communication spec, sections 2 and 4): a
 * placeholder button that opens into the rich-text form. A saved draft opens it at once.
 */
export function RichComposer(props: RichComposerProps) {
  const { startExpanded = false, quote } = props;
  const [expanded, setExpanded] = useState(() => startExpanded || !!quote || loadDraft(props.draftKey) !== null);
  // A new round (after saving or canceling) starts with a fresh form.
  const [round, setRound] = useState(0);

  // Quoting opens the composer.
  const [quoted, setQuoted] = useState(quote);
  if (quote !== quoted) {
    setQuoted(quote);
    if (quote) setExpanded(true);
  }
  // Another draft (the page now shows another stream): the form starts over with it.
  const [shownKey, setShownKey] = useState(props.draftKey);
  if (props.draftKey !== shownKey) {
    setShownKey(props.draftKey);
    setExpanded(startExpanded || loadDraft(props.draftKey) !== null || !!quote);
  }

  if (!expanded) {
    return (
      <Input component="button" type="button" pointer onClick={() => setExpanded(true)} aria-expanded={false}>
        {/* One line however narrow the screen: a long placeholder ends in an ellipsis. */}
        <Text c="dimmed" size="sm" component="span" truncate="end" display="block" ta="start">
          {props.placeholder}
        </Text>
      </Input>
    );
  }
  return (
    <Suspense fallback={<Skeleton h={220} radius="sm" animate={false} aria-busy="true" />}>
      <ComposerForm
        key={`${props.draftKey ?? ''}:${round}`}
        {...props}
        onClose={() => {
          setRound((current) => current + 1);
          setExpanded(startExpanded);
        }}
      />
    </Suspense>
  );
}
