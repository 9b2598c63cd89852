import { useQuery } from '@tanstack/react-query';
import type { ShellContext } from '../../../app/registry.ts';
import { networkQuery } from '../../home/index.ts';

/**
 * Whether the member may chat at all (network shell `can.chat`: guests only where the network
 * lets them). The shell has it before any page shows, so the chat's entries follow it at once,
 * without asking the chat's connection; undefined only while the shell is still loading.
 */
export function useMayChat(): boolean | undefined {
  return useQuery(networkQuery).data?.can.chat;
}

/** The same for the shell's registry (the header's chat button). */
export const mayChatIn = (context: ShellContext): boolean => context.network.can.chat;
