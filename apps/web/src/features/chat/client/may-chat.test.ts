import { describe, expect, it } from 'vitest';
import type { CurrentMember } from '@agora/contracts';
import type { ShellContext } from '../../../app/registry.ts';
import { networkShell } from '../../../testing/network-shell.ts';
import { chatFeature } from '../index.ts';

const context = (chat: boolean): ShellContext => ({
  network: networkShell({ chat }),
  member: { id: 'm1' } as CurrentMember,
  unreads: undefined,
});

describe('the header’s chat button', () => {
  const button = chatFeature.headerActions!.find((action) => action.key === 'chat')!;

  it('is there for a member who may chat', () => {
    expect(button.visible?.(context(true))).toBe(true);
  });

  it('is not even mounted for a member who may not chat (no drawer, badge or chat requests)', () => {
    expect(button.visible?.(context(false))).toBe(false);
  });
});
