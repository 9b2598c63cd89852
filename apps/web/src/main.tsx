import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/tiptap/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './i18n/index.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { sessionQuery } from './features/session/index.ts';
import { browserTimeZone } from './ui/time-zones.ts';

// Asked for while the translations load rather than after them: every page waits for the session.
void queryClient.prefetchQuery(sessionQuery);
// The browser's first date formatter is a long task (its date formatting is initialised): made
// now, while the requests above are under way, it holds up no rendering.
browserTimeZone();
// The first paint speaks the visitor's language: its core namespaces (one small chunk each) come first.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
