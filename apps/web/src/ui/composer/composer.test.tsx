import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberSearchResult, Tag } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { axeViolations, renderUi } from '../testing.tsx';
import { itemFromStored } from '../upload/index.ts';
import { RichComposer, type RichComposerProps } from './index.ts';

const DRAFT = 'composer-test-draft';

function compose(overrides: Partial<RichComposerProps> = {}) {
  const onSubmit = vi.fn<RichComposerProps['onSubmit']>(() => Promise.resolve());
  const onCancel = vi.fn();
  const view = renderUi(
    <RichComposer
      placeholder="Was gibt es Neues?"
      submitLabel="Teilen"
      draftKey={DRAFT}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...overrides}
    />,
  );
  return { ...view, onSubmit, onCancel };
}

// The editor's chunk loads when the composer first opens, slowly on a busy machine.
const textbox = () => screen.findByRole('textbox', { name: 'Was gibt es Neues?' }, { timeout: 5000 });
async function editor(): Promise<Editor> {
  return ((await textbox()) as HTMLElement & { editor: Editor }).editor;
}
const submitButton = () => screen.getByRole('button', { name: 'Teilen' });

const members: MemberSearchResult = {
  members: [{ id: 'm-anna', displayName: 'Anna Berg', images: { small: null }, is_external: false }],
  total: 1,
  limit: 20,
  offset: 0,
} as unknown as MemberSearchResult;
const tags: Tag[] = [
  { id: 'new_ne', name: 'ne', new: true },
  { id: 't-news', name: 'news', new: false },
];

describe('RichComposer', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens from its placeholder, and cancel without text closes it at once', async () => {
    stubFetch({});
    const { onCancel } = compose();
    fireEvent.click(screen.getByRole('button', { name: 'Was gibt es Neues?' }));
    await textbox();
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onCancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Was gibt es Neues?' })).toBeTruthy();
  });

  it('sends the text with a mention, the tags (a new one as new_) and the file ids', async () => {
    const calls = stubFetch({
      'GET /members?q=An': { status: 200, body: members },
      'GET /tags/find?q=ne&exclude_new=false': { status: 200, body: tags },
    });
    const file = itemFromStored({
      id: 'f-1',
      name: 'plan.pdf',
      size: 10,
      type: 'application/pdf',
      token: null,
      external_id: null,
    } as unknown as Parameters<typeof itemFromStored>[0]);
    const { onSubmit } = compose({ withTags: true, startExpanded: true, initialValue: { files: [file] } });
    const view = await editor();
    act(() => {
      view.commands.insertContent('Hallo @An');
    });
    const list = await screen.findByRole('listbox', { name: 'Mitglieder' });
    await within(list).findByRole('option', { name: '@Anna Berg' }, { timeout: 2000 });
    fireEvent.keyDown(await textbox(), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Mitglieder' })).toBeNull());

    const tagField = screen.getByRole('textbox', { name: 'Schlagwörter' });
    fireEvent.focus(tagField);
    fireEvent.change(tagField, { target: { value: 'ne' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Neues Schlagwort: #ne' }, { timeout: 2000 }));
    fireEvent.change(tagField, { target: { value: 'ne' } });
    fireEvent.click(await screen.findByRole('option', { name: '#news' }, { timeout: 2000 }));

    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.content).toBe(
      '<p>Hallo <span data-type="mention" data-id="m-anna" data-label="Anna Berg" data-marker="@">@Anna Berg</span> </p>',
    );
    expect(sent.tags).toEqual(['new_ne', 't-news']);
    expect(sent.files).toEqual(['f-1']);
    expect(sent.images).toEqual([]);
    expect(calls.map((c) => c.path)).toContain('/members?q=An');
  });

  it('keeps the text when sending fails, and clears after it succeeds', async () => {
    stubFetch({});
    const onSubmit = vi.fn<RichComposerProps['onSubmit']>().mockRejectedValueOnce(new Error('nope'));
    onSubmit.mockResolvedValueOnce(undefined);
    compose({ onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Was gibt es Neues?' }));
    const view = await editor();
    act(() => {
      view.commands.insertContent('Erster Versuch');
    });
    fireEvent.keyDown(await textbox(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect((await textbox()).textContent).toBe('Erster Versuch');
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Was gibt es Neues?' })).toBeTruthy());
    expect(window.localStorage.getItem(DRAFT)).toBeNull();
  });

  it('saves the draft within a second and opens with it again', async () => {
    stubFetch({});
    const first = compose();
    fireEvent.click(screen.getByRole('button', { name: 'Was gibt es Neues?' }));
    const view = await editor();
    act(() => {
      view.commands.insertContent('Entwurf bleibt');
    });
    await waitFor(() => expect(window.localStorage.getItem(DRAFT)).not.toBeNull(), { timeout: 1500 });
    expect(JSON.parse(window.localStorage.getItem(DRAFT)!)).toMatchObject({
      content: '<p>Entwurf bleibt</p>',
      tags: [],
      files: [],
      images: [],
    });
    first.unmount();

    compose();
    expect((await textbox()).textContent).toBe('Entwurf bleibt');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('asks before canceling written text, then drops the draft', async () => {
    stubFetch({});
    const { onCancel } = compose();
    fireEvent.click(screen.getByRole('button', { name: 'Was gibt es Neues?' }));
    const view = await editor();
    act(() => {
      view.commands.insertContent('Nicht verlieren');
    });
    await waitFor(() => expect(window.localStorage.getItem(DRAFT)).not.toBeNull(), { timeout: 1500 });

    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text verwerfen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weiterschreiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Text verwerfen?' })).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
    expect((await textbox()).textContent).toBe('Nicht verlieren');

    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Text verwerfen?' })).getByRole('button', { name: 'Verwerfen' }),
    );
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Was gibt es Neues?' })).toBeTruthy();
    expect(window.localStorage.getItem(DRAFT)).toBeNull();
  });

  it('asks for two characters before it searches tags', async () => {
    const calls = stubFetch({});
    compose({ withTags: true, startExpanded: true });
    await textbox();
    const tagField = screen.getByRole('textbox', { name: 'Schlagwörter' });
    fireEvent.focus(tagField);
    fireEvent.change(tagField, { target: { value: 'n' } });
    await waitFor(() => expect(screen.getByText('Bitte geben Sie mindestens 2 Zeichen ein.')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(calls.filter((c) => c.path.startsWith('/tags/find'))).toEqual([]);
  });

  it('goes fullscreen with the same text, leaves it with Escape, and inserts emoji', async () => {
    stubFetch({});
    compose({ startExpanded: true, draftKey: null });
    const view = await editor();
    act(() => {
      view.commands.insertContent('Gleicher Text');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Vollbild' }));
    const layer = screen.getByRole('dialog', { name: 'Was gibt es Neues?' });
    expect(within(layer).getByRole('textbox', { name: 'Was gibt es Neues?' }).textContent).toBe('Gleicher Text');
    expect(screen.getByRole('button', { name: 'Vollbild verlassen' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(await textbox(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await textbox()).textContent).toBe('Gleicher Text');

    fireEvent.click(screen.getByRole('button', { name: 'Emoji einfügen' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Emoji einfügen' })).getByRole('button', { name: '🎉' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Was gibt es Neues?' }).textContent).toBe('Gleicher Text🎉'),
    );
  });

  it('starts over with the other draft when its key changes', async () => {
    stubFetch({});
    window.localStorage.setItem(
      'other-draft',
      JSON.stringify({ content: '<p>Anderer Entwurf</p>', tags: [], files: [], images: [] }),
    );
    function Switcher() {
      const [key, setKey] = useState(DRAFT);
      return (
        <>
          <button type="button" onClick={() => setKey('other-draft')}>
            Wechseln
          </button>
          <RichComposer
            placeholder="Was gibt es Neues?"
            submitLabel="Teilen"
            draftKey={key}
            onSubmit={() => Promise.resolve()}
          />
        </>
      );
    }
    renderUi(<Switcher />);
    fireEvent.click(screen.getByRole('button', { name: 'Was gibt es Neues?' }));
    const view = await editor();
    act(() => {
      view.commands.insertContent('Erster Entwurf');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wechseln' }));
    await waitFor(async () => expect((await textbox()).textContent).toBe('Anderer Entwurf'));
    // The text of the first stream went to its own draft, not to the other one.
    await waitFor(() => expect(window.localStorage.getItem(DRAFT)).toContain('Erster Entwurf'));
    expect(window.localStorage.getItem('other-draft')).toContain('Anderer Entwurf');
  });

  it('shows the quote with its author above the editor, removable', async () => {
    stubFetch({});
    const onRemoveQuote = vi.fn();
    compose({
      draftKey: null,
      withTags: true,
      quote: { author: 'Max Mustermann', content: 'Wer bringt den Kuchen mit?' },
      onRemoveQuote,
    });
    // A quote opens the composer by itself.
    await textbox();
    expect(screen.getByText('Max Mustermann schrieb:')).toBeTruthy();
    expect(screen.getByText('Wer bringt den Kuchen mit?')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Zitat entfernen' }));
    expect(onRemoveQuote).toHaveBeenCalled();
  });
});
