import type { SearchHighlight } from '@agora/contracts';
import { cutSegments, fragmentsSegments, type Segment } from '../lib/highlight.ts';
import classes from './search.module.css';

/** Segments as React nodes: matches in `<mark>`, the rest as text (React escapes it). */
function Segments({ segments }: { segments: Segment[] }) {
  return segments.map((segment, index) =>
    segment.marked ? (
      <mark key={index} className={classes.mark}>
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

type HighlightedProps = {
  /** The server's fragments of the field, if it highlighted any. */
  fragments?: string[];
  /** The plain text shown when there are none. */
  text: string;
  /** Cut after this many characters (previews: the spec's 600); none for titles. */
  limit?: number;
};

/** A hit's field with the query's words marked, safely: no markup of the server's but `<mark>`. */
export function Highlighted({ fragments, text, limit }: HighlightedProps) {
  const segments = fragments?.length ? fragmentsSegments(fragments) : [{ text, marked: false }];
  return <Segments segments={limit === undefined ? segments : cutSegments(segments, limit)} />;
}

/** The fragments of a hit's preview: its content's, else those found in attachments or profile values. */
export function previewFragments(highlight: SearchHighlight | undefined): string[] | undefined {
  return highlight?.content ?? highlight?.['attachment.content'] ?? highlight?.['values.content'];
}
