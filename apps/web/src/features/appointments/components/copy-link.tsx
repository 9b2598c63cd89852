import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { showToast } from '../../../ui/toast.tsx';

/** Puts a text on the clipboard, with a toast either way. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('appointments:detail.link_copied');
  } catch {
    showToast('generic_error', { kind: 'error' });
  }
}

type CopyLinkProps = { href: string; label: string; copyLabel: string };

/** An outside link (new tab) with a button that copies its address: meeting and Teams join links. */
export function CopyLink({ href, label, copyLabel }: CopyLinkProps) {
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Anchor>
      <Tooltip label={copyLabel}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={copyLabel} onClick={() => void copyText(href)}>
          <IconCopy size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
