import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileProperty, ProfileValues } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { renderUi } from '../../ui/testing.tsx';
import { profileColumns, profileValueText } from './profile-columns.tsx';
import { ProfileField, ProfileFields } from './profile-fields.tsx';
import { file, fileId, ok, stubApi } from './testing/fixtures.ts';

const property = (overrides: Partial<ProfileProperty> & Pick<ProfileProperty, 'name' | 'type'>): ProfileProperty => ({
  label: overrides.name,
  sortable: false,
  options: [],
  tag_parents: [],
  ...overrides,
});
const DUE = property({ name: 'due', label: 'Due date', type: 'date' });
const OWNER = property({ name: 'owner', label: 'Owner', type: 'text' });
const STATUS = property({
  name: 'status',
  label: 'Status',
  type: 'selection',
  options: [
    { value: 'draft', label: 'Draft' },
    { value: 'final', label: 'Final' },
  ],
});
const TOPICS = property({ name: 'topics', label: 'Topics', type: 'tag' });

function network(enabled: boolean) {
  const shell = networkShell();
  return {
    ...shell,
    config: {
      ...shell.config,
      file_profiles: { enabled, column_fields: ['status', 'due'], properties: [DUE, OWNER, STATUS, TOPICS] },
    },
  };
}

let latest: ProfileValues = {};
function Form({ initial = {} }: { initial?: ProfileValues }) {
  const [value, setValue] = useState<ProfileValues>(initial);
  const change = (next: ProfileValues) => {
    latest = next;
    setValue(next);
  };
  return <ProfileFields kind="file" value={value} onChange={change} />;
}

beforeEach(async () => {
  latest = {};
  await i18n.changeLanguage('en');
});

describe('profile fields', { timeout: 20_000 }, () => {
  it('offers an input per property and keeps dates as YYYY-MM-DD, typed as dd.MM.y', async () => {
    stubApi({ 'GET /api/v1/network': ok(network(true)) });
    renderUi(<Form initial={{ due: '2026-03-05', status: 'draft' }} />);
    const due = (await screen.findByRole('textbox', { name: 'Due date' })) as HTMLInputElement;
    expect(due.value).toBe('05.03.2026');
    fireEvent.change(due, { target: { value: '24.12.2026' } });
    fireEvent.blur(due);
    await waitFor(() => expect(latest.due).toBe('2026-12-24'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Owner' }), { target: { value: 'Finance' } });
    expect(latest.owner).toBe('Finance');
    expect((screen.getByRole('textbox', { name: 'Status' }) as HTMLInputElement).value).toBe('Draft');
    expect(screen.getByText('Topics')).toBeTruthy();
  });

  it('shows nothing where the network has no file profile', async () => {
    const calls = stubApi({ 'GET /api/v1/network': ok(network(false)) });
    renderUi(<Form />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so for a type it does not know', async () => {
    renderUi(
      <ProfileField
        property={{ ...OWNER, type: 'number' as ProfileProperty['type'] }}
        value={null}
        onChange={() => {}}
      />,
    );
    expect(await screen.findByText('Unknown property type')).toBeTruthy();
  });
});

describe('profile columns', () => {
  it('are the chosen properties in the chosen order, with readable values', () => {
    const columns = profileColumns(network(true).config.file_profiles);
    expect(columns.map((column) => column.label)).toEqual(['Status', 'Due date']);
    const entry = file({ id: fileId(1), name: 'a.pdf', file_profile: { status: 'final', due: '2026-04-01' } });
    expect(columns.map((column) => column.render(entry))).toEqual(['Final', '01.04.2026']);
    expect(profileColumns({ ...network(true).config.file_profiles, enabled: false })).toEqual([]);
  });

  it('write tags by name, new ones without their prefix', () => {
    expect(profileValueText(TOPICS, ['budget', 'new_plans'])).toBe('budget, plans');
    expect(profileValueText(OWNER, null)).toBe('');
  });
});
