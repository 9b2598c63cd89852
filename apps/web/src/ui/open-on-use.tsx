import { useMounted } from '@mantine/hooks';
import {
  cloneElement,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';

type TriggerProps = {
  onClick?: MouseEventHandler;
  onFocus?: FocusEventHandler;
  onPointerEnter?: PointerEventHandler;
};

/**
 * A menu, popover or drawer that the first page does not need: until first used, its trigger
 * stands alone (and starts loading the code when pointed at or focused); the first click renders
 * `children`, the lazily loaded part, which opens itself once there (see useOpenOnMount). So the
 * shell's first download carries a button rather than Mantine's menus and their positioning.
 */
export function OpenOnUse({
  trigger,
  preload,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  preload: () => unknown;
  children: ReactNode;
}) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return cloneElement(trigger, {
      onClick: () => setUsed(true),
      onFocus: () => void preload(),
      onPointerEnter: () => void preload(),
    });
  }
  // While the code loads, the trigger stays as it was (a second click on it does nothing more).
  return <Suspense fallback={trigger}>{children}</Suspense>;
}

/**
 * The opened state of a lazily loaded menu that was asked for by the click that loaded it: it
 * mounts closed, gives its (new) trigger the focus the old one had, then opens, so that closing it
 * returns the focus to the trigger as on every later use.
 */
export function useOpenOnMount<T extends HTMLElement>(): [boolean, (opened: boolean) => void, RefObject<T | null>] {
  const mounted = useMounted();
  const [opened, setOpened] = useState(true);
  const target = useRef<T>(null);
  useEffect(() => target.current?.focus(), []);
  return [opened && mounted, setOpened, target];
}
