import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

type PageToolbarProps = {
  /** A string becomes the page's h1; an element is shown as it is (and brings its own heading). */
  title: ReactNode;
  /** Back to this path, or (true) one step back in the history; the start page when there is none. */
  backTo?: string | true;
  backLabel?: string;
  /** Buttons and menus on the right; on narrow screens they wrap below the title. */
  actions?: ReactNode;
};

/** Titles longer than this (characters) are set a size smaller, so that they do not fill a phone's screen. */
const LONG_TITLE = 80;

/** The head of a page: back button, the page's one h1, its actions. */
export function PageToolbar({ title, backTo, backLabel, actions }: PageToolbarProps) {
  const { t } = useTranslation('ui');
  const navigate = useNavigate();
  const location = useLocation();
  const label = backLabel ?? t('toolbar.back');
  const icon = <IconArrowLeft size={20} aria-hidden />;

  let backButton: ReactNode = null;
  if (typeof backTo === 'string') {
    backButton = (
      <ActionIcon component={Link} to={backTo} variant="subtle" color="gray" size="lg" aria-label={label} title={label}>
        {icon}
      </ActionIcon>
    );
  } else if (backTo) {
    // The first page of a visit has no page before it in the app ("default" key): go home.
    const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
    backButton = (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        title={label}
        onClick={() => void goBack()}
      >
        {icon}
      </ActionIcon>
    );
  }

  return (
    // Aligned at the top: beside a title of many lines (a long name), the buttons stay by its first.
    <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
        {backButton}
        {typeof title === 'string' ? (
          <Title order={1} fz={title.length > LONG_TITLE ? 'h3' : 'h2'} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        ) : (
          title
        )}
      </Group>
      {actions && (
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {actions}
        </Group>
      )}
    </Group>
  );
}
