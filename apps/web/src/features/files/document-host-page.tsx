import { Alert, Center } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/page-title.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useErrorMessage } from '../../ui/use-error-message.ts';
import { documentHostPageQuery } from './api-extra.ts';

/** The frame the office server's page loads into; the form posts the access token to it. */
export const OFFICE_FRAME = 'office_frame';

/**
 * The office editor's host page: it posts the access token to the office server's page in a
 * frame that fills the window (the WOPI host page; the token never appears in a URL).
 */
export function DocumentHostPage() {
  const { fileId = '', type = 'wopi', action = 'view' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const query = useQuery(
    documentHostPageQuery(fileId, type === 'docs' ? 'docs' : 'wopi', action, search.has('show_review_changes')),
  );
  const form = useRef<HTMLFormElement>(null);
  usePageTitle(query.data?.file_name ?? t('office.title'));

  useEffect(() => {
    if (query.data) form.current?.submit();
  }, [query.data]);
  useShowTrackedChanges(query.data?.show_review_changes ? query.data.url : null);

  if (query.isPending) return <PageLoader />;
  if (query.error)
    return (
      <Center h="100vh" p="md">
        <Alert color="red" role="alert">
          {errorText(query.error)}
        </Alert>
      </Center>
    );

  return (
    <>
      <form ref={form} action={query.data.url} method="post" target={OFFICE_FRAME} hidden>
        <input type="hidden" name="access_token" value={query.data.access_token} />
        <input type="hidden" name="access_token_ttl" value={String(query.data.access_token_ttl)} />
      </form>
      <iframe
        name={OFFICE_FRAME}
        title={query.data.file_name}
        allow="clipboard-read; clipboard-write; fullscreen"
        allowFullScreen
        style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', border: 0 }}
      />
    </>
  );
}

/**
 * Asks the office editor (over its postMessage API) to show the tracked changes once it has
 * loaded the document: the review screen opens a document this way to show what changed.
 */
function useShowTrackedChanges(editorUrl: string | null) {
  useEffect(() => {
    if (!editorUrl) return;
    const origin = new URL(editorUrl, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !event.source) return;
      let message: { MessageId?: unknown; Values?: { Status?: unknown } };
      try {
        message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      if (message?.MessageId !== 'App_LoadingStatus') return;
      const post = (data: object) => (event.source as Window).postMessage(JSON.stringify(data), origin);
      if (message.Values?.Status === 'Frame_Ready') post({ MessageId: 'Host_PostmessageReady' });
      if (message.Values?.Status === 'Document_Loaded')
        post({
          MessageId: 'Send_UNO_Command',
          Values: {
            Command: '.uno:ShowTrackedChanges',
            Args: { ShowTrackedChanges: { type: 'boolean', value: true } },
          },
        });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [editorUrl]);
}
