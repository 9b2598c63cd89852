import { Menu, UnstyledButton } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloneElement, lazy, type ReactElement, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OpenOnUse, useOpenOnMount } from './open-on-use.tsx';
import { renderUi } from './testing.tsx';

function LoadedMenu({ trigger }: { trigger: ReactElement<{ ref?: Ref<HTMLButtonElement> }> }) {
  const [opened, setOpened, target] = useOpenOnMount<HTMLButtonElement>();
  return (
    <Menu opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(trigger, { ref: target })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>First</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function setup() {
  let resolve!: () => void;
  const loaded = new Promise<{ default: typeof LoadedMenu }>((done) => {
    resolve = () => done({ default: LoadedMenu });
  });
  const load = vi.fn(() => loaded);
  const Lazy = lazy(load);
  const trigger = <UnstyledButton>Menu</UnstyledButton>;
  renderUi(
    <OpenOnUse trigger={trigger} preload={load}>
      <Lazy trigger={trigger} />
    </OpenOnUse>,
  );
  return { load, resolve };
}

describe('OpenOnUse', () => {
  it('shows the trigger alone, loads on pointing at it, and opens the loaded menu on the first click', async () => {
    const { load, resolve } = setup();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(load).not.toHaveBeenCalled();

    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Menu' }));
    expect(load).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    // While the code loads, the trigger stays.
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    resolve();

    expect(await screen.findByRole('menuitem', { name: 'First' })).toBeTruthy();
    // Closing it returns the focus to the (new) trigger.
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' })));
  });
});
