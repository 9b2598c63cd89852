import { Menu } from '@mantine/core';
import { cloneElement, type ReactElement, type Ref } from 'react';
import type { NavigationItem } from '@agora/contracts';
import { useOpenOnMount } from '../../../ui/open-on-use.tsx';
import { external, linkProps } from './navigation-links.tsx';

/** The dropdown of an item with children, around its button; loaded by the first click on it. */
export function NavigationMenu({
  item,
  trigger,
}: {
  item: NavigationItem;
  trigger: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
}) {
  const [opened, setOpened, target] = useOpenOnMount<HTMLButtonElement>();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" withinPortal>
      <Menu.Target>{cloneElement(trigger, { ref: target })}</Menu.Target>
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
  );
}
