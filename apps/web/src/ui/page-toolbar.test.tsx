import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { PageToolbar } from './page-toolbar.tsx';
import { renderUi } from './testing.tsx';

describe('PageToolbar', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows the title as the page heading and the actions', () => {
    renderUi(<PageToolbar title="Teilnehmende" actions={<Button>Exportieren</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Teilnehmende' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportieren' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Zurück' })).toBeNull();
  });

  it('shows a title element as it is', () => {
    renderUi(<PageToolbar title={<h1>Eigene Überschrift</h1>} />);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('links back to a given path', async () => {
    const { router } = renderUi(<PageToolbar title="Teilnehmende" backTo="/appointments/1" />, {
      path: '/appointments/1/participants',
    });
    const back = screen.getByRole('link', { name: 'Zurück' });
    expect(back.getAttribute('href')).toBe('/appointments/1');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/1'));
  });

  it('goes back in the history', async () => {
    const { router } = renderUi(<PageToolbar title="Details" backTo />, { path: '/b', history: ['/a'] });
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
  });

  it('goes to the start page when there is no history', async () => {
    const { router } = renderUi(<PageToolbar title="Details" backTo />, { path: '/deep' });
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
