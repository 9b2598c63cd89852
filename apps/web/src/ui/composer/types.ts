import type { ReactNode } from 'react';
import type { Tag } from '@agora/contracts';
import type { UploadItem } from '../upload/index.ts';

/** What the composer holds: rich text (HTML), attachments and tags. */
export type RichComposerValue = { content: string; files: UploadItem[]; images: UploadItem[]; tags: Tag[] };

/** What it hands over: the text, upload ids and tag ids (new tags as `new_<name>`). */
export type RichComposerSubmit = { content: string; files: string[]; images: string[]; tags: string[] };

export type RichComposerProps = {
  /** Label of the collapsed placeholder button and the editor's accessible name. */
  placeholder: string;
  submitLabel: string;
  /**
   * localStorage key of the draft: saved throttled at 1 s, restored on mount, dropped after a
   * successful submit or cancel; null keeps no draft.
   */
  draftKey: string | null;
  /** Editing something that exists. */
  initialValue?: Partial<RichComposerValue>;
  /** Start open (editing, the reply page); default collapsed. */
  startExpanded?: boolean;
  /** Tag input (GET /tags/find); default false. */
  withTags?: boolean;
  /** File and image attachments through the shared upload field; default true. */
  withAttachments?: boolean;
  /** A fullscreen toggle; default true. */
  withFullscreen?: boolean;
  /** A quote block (author, content) shown above the editor, removable. */
  quote?: { author: string; content: string } | null;
  onRemoveQuote?: () => void;
  /** Rendered between the editor and the buttons (stream targets, type switch …). */
  children?: ReactNode;
  /** Another reason to keep submit disabled (no stream chosen …). */
  submitDisabled?: boolean;
  /** Resolves when saved: the composer then clears, collapses and drops its draft. Rejects: the text stays. */
  onSubmit: (value: RichComposerSubmit) => Promise<void>;
  /** Cancel (after a confirmation when there is unsaved text); the composer collapses and drops the draft. */
  onCancel?: () => void;
};
