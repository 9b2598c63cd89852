import { createTheme, MantineProvider, Popover } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../i18n/index.ts';

// jsdom does no layout; Mantine's Combobox and ProseMirror scroll and measure all the same.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
const noRects = () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;

// jsdom measures every element as 0x0, which Popover takes for "scrolled out of view".
const theme = createTheme({ components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) } });

/**
 * Renders a shared UI piece as the app does: query cache, Mantine with toasts and modals, and a
 * router (at `path`, with `history` entries before it), so that links and back buttons work.
 */
export function renderUi(element: ReactElement, { path = '/', history = [] as string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], {
    initialEntries: [...history, path],
    initialIndex: history.length,
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Toasts live in a global store: each test starts without any. */
export function clearToasts() {
  notifications.clean();
}

/**
 * The serious and critical axe-core findings in what is rendered (the bar the e2e tests hold
 * pages to). jsdom has no layout, so colour contrast is left to the browser tests.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
