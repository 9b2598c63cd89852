import { Button } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state.tsx';
import { renderUi } from './testing.tsx';

describe('EmptyState', () => {
  it('shows icon, title, text and action', () => {
    const create = vi.fn();
    const { container } = renderUi(
      <EmptyState
        icon={<IconCalendar />}
        title="Keine Termine"
        text="Hier erscheinen Ihre Termine."
        action={<Button onClick={create}>Termin anlegen</Button>}
      />,
    );
    expect(screen.getByText('Keine Termine')).toBeTruthy();
    expect(screen.getByText('Hier erscheinen Ihre Termine.')).toBeTruthy();
    expect(container.querySelector('[aria-hidden] svg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Termin anlegen' }));
    expect(create).toHaveBeenCalledOnce();
  });

  it('needs only a title', () => {
    renderUi(<EmptyState title="Nichts da" />);
    expect(screen.getByText('Nichts da')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('draws an icon even where the caller gives none, so every empty list looks alike', () => {
    const { container } = renderUi(<EmptyState title="Nichts da" />);
    expect(container.querySelector('[data-empty-icon] svg')).toBeTruthy();
  });

  it('can be the heading of a page and the small state of a dropdown', () => {
    const { unmount } = renderUi(<EmptyState title="Seite nicht gefunden" titleOrder={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    unmount();
    renderUi(<EmptyState title="Keine Benachrichtigungen" size="sm" data-testid="empty" />);
    expect(screen.getByTestId('empty').textContent).toBe('Keine Benachrichtigungen');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
