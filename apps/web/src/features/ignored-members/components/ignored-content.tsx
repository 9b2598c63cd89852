import { Button, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIgnoredIds } from '../api.ts';

export type IgnoredContentProps = {
  /** The author; null for content without one. */
  author: { id: string; name: string } | null;
  /** The server's mark (`ignored`), used until the member's own list is loaded. */
  ignored?: boolean | undefined;
  children: ReactNode;
};

/**
 * What a member the reader ignores wrote (a post, a reply, a message, a chat message): shown
 * collapsed as "Hidden: you ignore {name}" with a button that shows it; the rest as it is.
 */
export function IgnoredContent({ author, ignored, children }: IgnoredContentProps) {
  const ids = useIgnoredIds();
  const [shown, setShown] = useState(false);
  const hidden = !!author && (ids ? ids.has(author.id) : !!ignored);
  if (!author || !hidden || shown) return <>{children}</>;
  // The texts load when first needed: most pages never show one.
  return (
    <Suspense fallback={null}>
      <Collapsed name={author.name} onShow={() => setShown(true)} />
    </Suspense>
  );
}

function Collapsed({ name, onShow }: { name: string; onShow: () => void }) {
  const { t } = useTranslation('ignored-members');
  return (
    <Group gap="xs" wrap="nowrap" py={4} data-testid="ignored-content">
      <IconEyeOff size={16} aria-hidden style={{ flex: 'none', opacity: 0.6 }} />
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('hidden', { name })}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={onShow}>
        {t('show')}
      </Button>
    </Group>
  );
}
