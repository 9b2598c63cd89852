import { Button, NavLink, Stack } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import type { NavigationItem } from '@agora/contracts';
import { lazy } from 'react';
import { Link } from 'react-router';
import { OpenOnUse } from '../../../ui/open-on-use.tsx';

const loadMenu = () => import('./navigation-menu.tsx');
const NavigationMenu = lazy(() => loadMenu().then((m) => ({ default: m.NavigationMenu })));

/** Paths stay in the app; other addresses the router leaves to the browser. */
export function linkProps(item: NavigationItem) {
  const target = item.new_window ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return { component: Link, to: item.link, ...target } as const;
}

const HEADER_TEXT = 'var(--agora-header-text)';

type Tone = { color?: string; c?: string };

/** An item with children: a button whose dropdown (navigation-menu.tsx) loads on the first click. */
function menuButton(item: NavigationItem, tone: Tone) {
  return (
    <Button
      variant="subtle"
      {...tone}
      size="compact-sm"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      data-testid="navigation-link"
    >
      {item.text}
    </Button>
  );
}

/** The items as a row of the header: a link each, a dropdown for those with children. */
export function NavigationRow({
  items,
  label,
  onHeader = true,
}: {
  items: NavigationItem[];
  label: string;
  onHeader?: boolean;
}) {
  if (items.length === 0) return null;
  const tone: Tone = onHeader ? { color: HEADER_TEXT, c: HEADER_TEXT } : {};
  return (
    <nav
      aria-label={label}
      // In the header the row keeps to one line; elsewhere it may wrap.
      style={{
        display: 'flex',
        gap: 2,
        flexWrap: onHeader ? 'nowrap' : 'wrap',
        minWidth: 0,
        overflow: onHeader ? 'hidden' : undefined,
      }}
    >
      {items.map((item, index) =>
        item.navigation_items.length > 0 ? (
          <OpenOnUse key={index} trigger={menuButton(item, tone)} preload={loadMenu}>
            <NavigationMenu item={item} trigger={menuButton(item, tone)} />
          </OpenOnUse>
        ) : (
          <Button
            key={index}
            variant="subtle"
            {...tone}
            size="compact-sm"
            {...linkProps(item)}
            rightSection={external(item)}
            data-testid="navigation-link"
          >
            {item.text}
          </Button>
        ),
      )}
    </nav>
  );
}

export const external = (item: NavigationItem) =>
  item.new_window ? <IconExternalLink size={12} aria-hidden /> : undefined;

/** The items as a list of the user bar (phones): children fold out under their parent. */
export function NavigationList({ items, label }: { items: NavigationItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <Stack component="nav" aria-label={label} gap={0}>
      {items.map((item, index) => (
        <NavigationListItem key={index} item={item} />
      ))}
    </Stack>
  );
}

function NavigationListItem({ item }: { item: NavigationItem }) {
  if (item.navigation_items.length === 0) {
    return (
      <NavLink label={item.text} {...linkProps(item)} rightSection={external(item)} data-testid="navigation-link" />
    );
  }
  return (
    <NavLink label={item.text} childrenOffset="md" data-testid="navigation-link">
      {item.link && <NavLink label={item.text} {...linkProps(item)} rightSection={external(item)} />}
      {item.navigation_items.map((child, index) => (
        <NavigationListItem key={index} item={child} />
      ))}
    </NavLink>
  );
}
