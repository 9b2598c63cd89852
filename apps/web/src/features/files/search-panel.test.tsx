import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileProperty } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { renderUi } from '../../ui/testing.tsx';
import { folderSearchParams, isSearching } from './api-extra.ts';
import { FolderSearchPanel } from './search-panel.tsx';
import { file, fileId, folderId, ok, stubApi, summary } from './testing/fixtures.ts';

const FOLDER = folderId(1);
const STATUS: ProfileProperty = {
  name: 'status',
  label: 'Status',
  type: 'text',
  sortable: true,
  options: [],
  tag_parents: [],
};
const shell = networkShell();
const NETWORK = {
  ...shell,
  config: { ...shell.config, file_profiles: { enabled: true, column_fields: [], properties: [STATUS] } },
};
const searchPath = (query: string) => `/api/storage/folders/${FOLDER}/search?${query}`;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the folder search', { timeout: 20_000 }, () => {
  it('asks 300 ms after the last key, shows the results instead of the folder, and nothing when emptied', async () => {
    const calls = stubApi({
      'GET /api/v1/network': ok(NETWORK),
      [`GET ${searchPath('q=budget')}`]: ok({
        folders: [summary({ id: folderId(2), name: 'Budget 2026' })],
        files: [file({ id: fileId(1), name: 'budget.xlsx' })],
      }),
    });
    renderUi(
      <FolderSearchPanel folderId={FOLDER}>
        <p>The folder&apos;s table</p>
      </FolderSearchPanel>,
    );
    const input = await screen.findByRole('searchbox', { name: 'Search in this folder' });
    fireEvent.change(input, { target: { value: 'bud' } });
    fireEvent.change(input, { target: { value: 'budget' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(calls.filter((call) => call.path.includes('/search'))).toHaveLength(0);
    expect(await screen.findByRole('link', { name: 'budget.xlsx' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Budget 2026' })).toBeTruthy();
    expect(screen.queryByText("The folder's table")).toBeNull();
    expect(calls.filter((call) => call.path.includes('/search')).map((call) => call.path)).toEqual([
      searchPath('q=budget'),
    ]);

    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText("The folder's table")).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('/search'))).toHaveLength(1);
  });

  it('sends profile filters as profile.{name}', async () => {
    const calls = stubApi({
      'GET /api/v1/network': ok(NETWORK),
      [`GET ${searchPath('profile.status=final')}`]: ok({ folders: [], files: [] }),
    });
    renderUi(
      <FolderSearchPanel folderId={FOLDER}>
        <p>The folder&apos;s table</p>
      </FolderSearchPanel>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Status' }), { target: { value: 'final' } });
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === searchPath('profile.status=final'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });
});

describe('the search parameters', () => {
  it('leave empty text and filters out', () => {
    expect(isSearching({ q: '  ', filters: { status: null, topics: [] } })).toBe(false);
    const params = folderSearchParams({ q: ' plan ', filters: { status: 'final', topics: ['a', 'new_b'], due: '' } });
    expect(params.toString()).toBe('q=plan&profile.status=final&profile.topics=a&profile.topics=b');
  });
});
