import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translation, TranslationLanguage } from '@agora/contracts';
import { i18n } from '../i18n/index.ts';
import { stubFetch } from '../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from './testing.tsx';
import { LAST_TRANSLATION_LANGUAGE_KEY, orderTranslationLanguages, TranslateMenu } from './translate-menu.tsx';

const LANGUAGES: TranslationLanguage[] = [
  { code: 'it', name: 'Italian' },
  { code: 'fr', name: 'French' },
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'Arabic' },
  { code: 'de', name: 'German' },
  { code: 'es', name: 'Spanish' },
  { code: 'nl', name: 'Dutch' },
];
const GERMAN: Translation = {
  language: 'de',
  type: 'message',
  id: 'm1',
  fields: { subject: 'Hallo', content: '<p>Guten Morgen</p>' },
};

const languageItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('orderTranslationLanguages', () => {
  it('puts the last used language first, then DE, EN-GB, ES, FR, then the rest by name', () => {
    const codes = (lastUsed: string | null) => orderTranslationLanguages(LANGUAGES, lastUsed).map((l) => l.code);
    expect(codes(null)).toEqual(['de', 'en', 'es', 'fr', 'ar', 'nl', 'it']);
    expect(codes('nl')).toEqual(['nl', 'de', 'en', 'es', 'fr', 'ar', 'it']);
    expect(codes('fr')).toEqual(['fr', 'de', 'en', 'es', 'ar', 'nl', 'it']);
    // A language no longer offered is passed over.
    expect(codes('xx')).toEqual(['de', 'en', 'es', 'fr', 'ar', 'nl', 'it']);
    // British English where the service has it.
    const withRegion = [...LANGUAGES, { code: 'en-GB', name: 'English (UK)' }];
    expect(
      orderTranslationLanguages(withRegion, null)
        .map((l) => l.code)
        .slice(0, 4),
    ).toEqual(['de', 'en-GB', 'es', 'fr']);
  });
});

describe('TranslateMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    localStorage.clear();
    clearToasts();
  });

  it('renders nothing without a translation service', async () => {
    const calls = stubFetch({ 'GET /translations/languages': { status: 200, body: { languages: [] } } });
    renderUi(<TranslateMenu type="message" id="m1" onChange={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('renders nothing when the languages cannot be loaded', async () => {
    const calls = stubFetch({
      'GET /translations/languages': { status: 503, body: { error: 'translation_unavailable' } },
    });
    renderUi(<TranslateMenu type="message" id="m1" onChange={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('offers the languages in order, hands the translation on, remembers the language and shows the original again', async () => {
    localStorage.setItem(LAST_TRANSLATION_LANGUAGE_KEY, 'it');
    const calls = stubFetch({
      'GET /translations/languages': { status: 200, body: { languages: LANGUAGES } },
      'GET /translations/de/message/m1': { status: 200, body: GERMAN },
    });
    const onChange = vi.fn();
    renderUi(<TranslateMenu type="message" id="m1" onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Translate' }));
    await screen.findByText('Translate into');
    expect(languageItems()).toEqual(['Italian', 'German', 'English', 'Spanish', 'French', 'Arabic', 'Dutch']);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('menuitem', { name: 'German' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(GERMAN));
    expect(calls.map((c) => c.path)).toEqual(['/translations/languages', '/translations/de/message/m1']);
    expect(localStorage.getItem(LAST_TRANSLATION_LANGUAGE_KEY)).toBe('de');

    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show original' }));
    expect(onChange).toHaveBeenLastCalledWith(null);

    // The last used language leads the list now.
    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('Translate into');
    await waitFor(() => expect(languageItems()[0]).toBe('German'));
  });

  it('shows the translation_controls error toast when the translation fails', async () => {
    stubFetch({
      'GET /translations/languages': { status: 200, body: { languages: LANGUAGES } },
      'GET /translations/fr/message/m1': { status: 503, body: { error: 'translation_unavailable' } },
    });
    const onChange = vi.fn();
    renderUi(<TranslateMenu type="message" id="m1" onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Translate' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'French' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('The text could not be translated.');
    expect(onChange).not.toHaveBeenCalled();
  });
});
