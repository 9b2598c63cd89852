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

// Asked for while the translations load rather than after them: every page waits for the session.
void queryClient.prefetchQuery(sessionQuery);
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
