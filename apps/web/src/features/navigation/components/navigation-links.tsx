import { Button, Menu, NavLink, Stack } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import type { NavigationItem } from '@agora/contracts';
import { Link } from 'react-router';

/** Paths stay in the app; other addresses the router leaves to the browser. */
function linkProps(item: NavigationItem) {
  const target = item.new_window ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return { component: Link, to: item.link, ...target } as const;
}

const HEADER_TEXT = 'var(--agora-header-text)';

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
  const tone = onHeader ? { color: HEADER_TEXT, c: HEADER_TEXT } : {};
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
          <Menu key={index} position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                {...tone}
                size="compact-sm"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                data-testid="navigation-link"
              >
                {item.text}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {item.link && <Menu.Item {...linkProps(item)}>{item.text}</Menu.Item>}
              {item.navigation_items.map((child, c) =>
                child.navigation_items.length > 0 ? (
                  <div key={c}>
                    <Menu.Label>{child.text}</Menu.Label>
                    {child.link && <Menu.Item {...linkProps(child)}>{child.text}</Menu.Item>}
                    {child.navigation_items.map((grandchild, g) => (
                      <Menu.Item key={g} {...linkProps(grandchild)} pl="lg" rightSection={external(grandchild)}>
                        {grandchild.text}
                      </Menu.Item>
                    ))}
                  </div>
                ) : (
                  <Menu.Item key={c} {...linkProps(child)} rightSection={external(child)}>
                    {child.text}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
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

const external = (item: NavigationItem) => (item.new_window ? <IconExternalLink size={12} aria-hidden /> : undefined);

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
