import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { networkConfigSchema, networkSettingsSchema, type NetworkSettingsAdministration } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { ProfileSettingsPage } from './profile-settings-page.tsx';
import { ok, SESSION, stubApi } from './testing/fixtures.ts';

function administration(): NetworkSettingsAdministration {
  return {
    settings: { ...networkSettingsSchema.parse({}), name: 'Acme Demo', language: 'en' },
    config: networkConfigSchema.parse({}),
    languages: ['de', 'de_DU', 'en', 'es', 'fr'],
    language_changeable: true,
    hidden: [],
    options: { group_categories: [], groups: [], profile_fields: [] },
  };
}

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

function renderPage(put = ok(administration())) {
  const calls = stubApi({
    'GET /api/v1/session': ok(SESSION),
    'GET /api/v1/network': ok(networkShell({ administrate: true })),
    'GET /administration/settings': ok(administration()),
    'PUT /administration/settings': put,
  });
  renderUi(<ProfileSettingsPage />, { path: '/administration/files/profiles' });
  return calls;
}

const fileSection = () => screen.getByRole('region', { name: 'File profile' });

describe('the profiles administration', { timeout: 60_000 }, () => {
  it('defines a file property with options and a column, and saves both profiles with the settings', async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Files have a profile' }));
    fireEvent.click(within(fileSection()).getByRole('button', { name: 'Add property' }));
    const property = within(fileSection()).getByRole('group', { name: 'Property 1' });
    fireEvent.change(within(property).getByRole('textbox', { name: /^Name/ }), { target: { value: 'status' } });
    fireEvent.change(within(property).getByRole('textbox', { name: /^Label/ }), { target: { value: 'Status' } });
    fireEvent.click(within(property).getByRole('textbox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Selection' }));
    const status = within(fileSection()).getByRole('group', { name: 'Status' });
    fireEvent.click(within(status).getByRole('checkbox', { name: 'Sortable' }));
    fireEvent.click(within(status).getByRole('button', { name: 'Add option' }));
    fireEvent.change(within(status).getByRole('textbox', { name: /^Value of option 1/ }), {
      target: { value: 'final' },
    });
    fireEvent.change(within(status).getByRole('textbox', { name: /^Label of option 1/ }), {
      target: { value: 'Final' },
    });
    fireEvent.click(within(fileSection()).getByRole('textbox', { name: /Columns of the files table/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Status' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as { settings: Record<string, unknown> };
    expect(body.settings).toEqual({
      folder_profiles: { enabled: false, properties: [] },
      file_profiles: {
        enabled: true,
        column_fields: ['status'],
        properties: [
          {
            name: 'status',
            label: 'Status',
            type: 'selection',
            sortable: true,
            options: [{ value: 'final', label: 'Final' }],
            tag_parents: [],
          },
        ],
      },
    });
    expect(await screen.findByText('The profiles were saved.')).toBeTruthy();
  });

  it('sends nothing while a property lacks its name or two share one', async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Folders have a profile' }));
    const folders = screen.getByRole('region', { name: 'Folder profile' });
    fireEvent.click(within(folders).getByRole('button', { name: 'Add property' }));
    fireEvent.click(within(folders).getByRole('button', { name: 'Add property' }));
    const [first, second] = within(folders).getAllByRole('group');
    fireEvent.change(within(first!).getByRole('textbox', { name: /^Name/ }), { target: { value: 'area' } });
    fireEvent.change(within(first!).getByRole('textbox', { name: /^Label/ }), { target: { value: 'Area' } });
    fireEvent.change(within(second!).getByRole('textbox', { name: /^Name/ }), { target: { value: 'area' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another property has this name.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it('marks the fields the server refuses', async () => {
    renderPage({ status: 422, body: { errors: { 'folder_profiles.properties.0.name': ['invalid'] } } });
    fireEvent.click(await screen.findByRole('switch', { name: 'Folders have a profile' }));
    const folders = screen.getByRole('region', { name: 'Folder profile' });
    fireEvent.click(within(folders).getByRole('button', { name: 'Add property' }));
    const property = within(folders).getByRole('group');
    fireEvent.change(within(property).getByRole('textbox', { name: /^Name/ }), { target: { value: 'area' } });
    fireEvent.change(within(property).getByRole('textbox', { name: /^Label/ }), { target: { value: 'Area' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = within(property).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
  });
});
