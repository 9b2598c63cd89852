import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkConfigSchema, networkSettingsSchema, type NetworkSettingsAdministration } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { SettingsForm } from './settings-form.tsx';

const reload = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./reload.ts', () => ({ RELOAD_AFTER_MS: 0, reloadPage: () => void reload.calls++ }));

const ID = (c: string) => c.repeat(24);

function administration(overrides: Partial<NetworkSettingsAdministration> = {}): NetworkSettingsAdministration {
  return {
    settings: { ...networkSettingsSchema.parse({}), name: 'Acme Demo', language: 'en' },
    config: networkConfigSchema.parse({}),
    languages: ['de', 'de_DU', 'en', 'es', 'fr'],
    language_changeable: true,
    hidden: [],
    options: {
      group_categories: [{ id: ID('c'), name: 'Teams' }],
      groups: [{ id: ID('g'), name: 'Engineering' }],
      profile_fields: ['department'],
    },
    ...overrides,
  };
}

function renderForm(data = administration(), path = '/administration/settings/edit') {
  return renderUi(<SettingsForm data={data} />, { path });
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });
const save = () => screen.getByRole('button', { name: 'Save settings' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // The Member tab asks for the network profile's properties; unanswered it offers the fixed fields.
  stubFetch({});
  reload.calls = 0;
  clearToasts();
});
afterEach(() => vi.restoreAllMocks());

describe('the tabs of the network settings', () => {
  it('opens the tab the query names, and names the tab chosen in the address', async () => {
    const { router } = renderForm(administration(), '/administration/settings/edit?tab=mail');
    expect(tab('Mail').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Notification mails')).toBeTruthy();
    fireEvent.click(tab('Member'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=member'));
    expect(screen.getByText('Two-factor authentication', { selector: 'h2' })).toBeTruthy();
  });

  it('hides what the configuration hides', () => {
    renderForm(
      administration({ hidden: ['abuse_reports_enabled', 'birthday_emails', 'digests', 'daily_activity'] }),
      '/x?tab=mail',
    );
    expect(screen.queryByText('Birthday mails')).toBeNull();
    expect(screen.queryByText('Digest')).toBeNull();
  });

  it('has no serious accessibility findings on any tab', async () => {
    for (const name of ['basic', 'join', 'member', 'mail']) {
      const view = renderForm(administration(), `/x?tab=${name}`);
      expect(await axeViolations(view.container)).toEqual([]);
      view.unmount();
    }
  }, 60_000);
});

describe('the rules of the network settings in the form', () => {
  it('blocks saving while two-factor is enabled without a method, with selection_required', async () => {
    renderForm(
      administration({
        settings: {
          ...administration().settings,
          two_factor: 'enabled',
          two_factor_totp_available: true,
          two_factor_email_available: false,
        },
      }),
      '/x?tab=member',
    );
    expect(save().hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: 'Authenticator app' }));
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('Please choose at least one method.').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Code by e-mail' }));
    expect(save().hasAttribute('disabled')).toBe(false);
  });

  it('asks for the days only when anonymizing after days, and for a name when anonymizing', async () => {
    const calls = stubFetch({});
    renderForm(administration(), '/x?tab=member');
    expect(screen.queryByLabelText(/After how many days/)).toBeNull();
    expect(screen.queryByLabelText(/Name shown instead/)).toBeNull();
    await choose('Anonymize deleted members', 'After some days');
    expect(screen.getByLabelText(/After how many days/)).toBeTruthy();
    fireEvent.click(save());
    await waitFor(() => expect(screen.getAllByText('Please fill in.').length).toBe(2));
    // Nothing saved (the tab reads the profile's fields, a GET).
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('needs street, number, zip and city for the map around a point, and checks the zip', async () => {
    renderForm();
    expect(screen.queryByLabelText(/Zip code/)).toBeNull();
    await choose('Area of the map', "Around the network's location");
    const zip = screen.getByLabelText(/Zip code/);
    fireEvent.change(zip, { target: { value: '1234' } });
    expect(await screen.findByText('Invalid entry.')).toBeTruthy();
    fireEvent.change(zip, { target: { value: '12345-6789' } });
    await waitFor(() => expect(screen.queryByText('Invalid entry.')).toBeNull());
    fireEvent.click(save());
    await waitFor(() => expect(screen.getAllByText('Please fill in.').length).toBe(3));
  });

  it('needs a title for an active group promotion, and a name for the network', async () => {
    renderForm(administration(), '/x?tab=join');
    fireEvent.click(screen.getByRole('switch', { name: 'Suggest groups to new members' }));
    fireEvent.click(save());
    expect(await screen.findByText('Please fill in.')).toBeTruthy();
    expect(tab('Join').getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Welcome' } });
    fireEvent.click(tab('Basic'));
    fireEvent.change(screen.getByLabelText(/Name of the network/), { target: { value: ' ' } });
    expect(await screen.findByText('Please fill in.')).toBeTruthy();
  });

  it('keeps the digest count between 0 and 30', async () => {
    renderForm(administration(), '/x?tab=mail');
    fireEvent.change(screen.getByLabelText(/Upcoming appointments in the digest/), { target: { value: '31' } });
    expect(await screen.findByText('Please enter a number in the allowed range.')).toBeTruthy();
  });

  it('offers no other language when the current one is not supported', () => {
    renderForm(
      administration({ language_changeable: false, settings: { ...administration().settings, language: 'it' } }),
    );
    expect(screen.getByRole('textbox', { name: 'Language' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('saving the network settings', () => {
  it('sends the settings, shows the success toast, then loads the page again', async () => {
    const calls = stubFetch({ 'PUT /administration/settings': { status: 200, body: administration() } });
    renderForm();
    fireEvent.change(screen.getByLabelText(/Start page/), { target: { value: '/calendars' } });
    fireEvent.click(save());
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ settings: { name: 'Acme Demo', start_page: '/calendars' } });
    await waitFor(() => expect(reload.calls).toBe(1));
  });

  it('shows the server’s field errors on their fields and opens their tab', async () => {
    stubFetch({
      'PUT /administration/settings': {
        status: 422,
        body: { errors: { 'group_promotion_config.groups': ['invalid'] } },
      },
    });
    renderForm();
    fireEvent.click(save());
    await waitFor(() => expect(tab('Join').getAttribute('aria-selected')).toBe('true'));
    expect(reload.calls).toBe(0);
  });

  it('sends the birthday mail as the form holds it and shows the German confirmation', async () => {
    const calls = stubFetch({
      'POST /administration/settings/send_test_birthday_email': {
        status: 200,
        body: { message: 'Die Test-Geburtstagsmail wurde an anna@example.com gesendet.', to: 'anna@example.com' },
      },
    });
    renderForm(administration(), '/x?tab=mail');
    const section = screen.getByRole('region', { name: 'Birthday mails' });
    fireEvent.change(within(section).getByLabelText(/Subject/), { target: { value: 'Alles Gute' } });
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Send test mail to me' })));
    expect(await screen.findByText(/Die Test-Geburtstagsmail wurde an/)).toBeTruthy();
    expect(calls[0]!.body).toEqual({ birthday_emails: { image: null, subject: 'Alles Gute', text: '' } });
  });
});

/** Picks an option of a Mantine select by the select's label. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: new RegExp(label) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
