import type { Tag } from '@agora/contracts';
import { stateOf, type UploadItem } from '../upload/upload-queue.ts';
import type { RichComposerValue } from './types.ts';

/** The stored draft: the text, the tags and the finished uploads (with their ids). */
export type ComposerDraft = RichComposerValue;

function isTag(value: unknown): value is Tag {
  const tag = value as Tag | null;
  return typeof tag === 'object' && tag !== null && typeof tag.id === 'string' && typeof tag.name === 'string';
}

function isItem(value: unknown): value is UploadItem {
  const item = value as UploadItem | null;
  return typeof item === 'object' && item !== null && typeof item.id === 'string' && typeof item.name === 'string';
}

/** Only uploads that reached the server can come back after a reload. */
export function storableItems(items: UploadItem[]): UploadItem[] {
  return items
    .filter((item) => item.id && ['volatile', 'published'].includes(stateOf(item)))
    .map((item) => ({ ...item, progress: 100 }));
}

/** The draft under `key`, or null (none, unreadable, or storage unavailable). */
export function loadDraft(key: string | null): ComposerDraft | null {
  if (!key) return null;
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<keyof ComposerDraft, unknown>>;
    return {
      content: typeof parsed.content === 'string' ? parsed.content : '',
      tags: Array.isArray(parsed.tags) ? parsed.tags.filter(isTag) : [],
      files: Array.isArray(parsed.files) ? parsed.files.filter(isItem) : [],
      images: Array.isArray(parsed.images) ? parsed.images.filter(isItem) : [],
    };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: ComposerDraft) {
  const stored: ComposerDraft = {
    content: draft.content,
    tags: draft.tags,
    files: storableItems(draft.files),
    images: storableItems(draft.images),
  };
  try {
    window.localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full or forbidden storage keeps no draft; the text stays in the page.
  }
}

export function dropDraft(key: string | null) {
  if (!key) return;
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to drop.
  }
}
