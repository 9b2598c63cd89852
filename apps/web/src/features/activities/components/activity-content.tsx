import { Button, Text, Typography } from '@mantine/core';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { truncated, withMentionLinks } from '../lib/content.ts';
import classes from './activities.module.css';

/**
 * Sanitized HTML (the server cleaned it when it was stored) with mentions as links; a text
 * longer than 500 characters shows its beginning until "read more".
 */
export function ActivityContent({ html, plain, truncate = true }: { html: string; plain: string; truncate?: boolean }) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const linked = useMemo(() => withMentionLinks(html), [html]);
  const short = truncate ? truncated(plain) : null;

  // Mentions lead within the app: no reload of the page.
  const onClick = (event: MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a[data-mention]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  };

  if (!html.trim() && !plain.trim()) return null;
  if (short && !expanded)
    return (
      <div>
        <Text size="sm" className={classes.content} style={{ whiteSpace: 'pre-line' }} data-testid="activity-content">
          {short}
        </Text>
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => setExpanded(true)} aria-expanded={false}>
          {t('card.read_more')}
        </Button>
      </div>
    );
  return (
    <Typography className={classes.content} fz="sm">
      <div data-testid="activity-content" onClick={onClick} dangerouslySetInnerHTML={{ __html: linked }} />
    </Typography>
  );
}
