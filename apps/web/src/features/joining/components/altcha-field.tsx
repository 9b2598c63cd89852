import { Box, Input } from '@mantine/core';
import { createElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type AltchaElement = HTMLElement & { reset?: () => void };
type StateDetail = { state: string; payload?: string };

/**
 * The ALTCHA proof of work: the widget fetches a challenge of this server and solves it in
 * workers of this origin (the `external` build, so no blob workers are needed). `onChange`
 * gets the payload once solved, and null again when it expires or fails. A new `resetKey`
 * asks for a new challenge (each is accepted once, also after the form was refused).
 */
export function AltchaField({
  onChange,
  resetKey,
  error,
}: {
  onChange: (payload: string | null) => void;
  resetKey: number;
  error?: string | undefined;
}) {
  const { t } = useTranslation('joining');
  const [element, setElement] = useState<AltchaElement | null>(null);
  const [workerUrl, setWorkerUrl] = useState<string | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  // Loaded with the page that asks for it only: the widget registers its element when imported.
  useEffect(() => {
    let active = true;
    void Promise.all([import('altcha/external'), import('altcha/altcha.css'), import('altcha/worker?worker&url')]).then(
      ([, , worker]) => {
        if (active) setWorkerUrl(worker.default);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail;
      changed.current(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [element]);

  useEffect(() => {
    if (resetKey === 0) return;
    element?.reset?.();
    changed.current(null);
    // Only a new round resets: the element appearing is no reason to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const strings = JSON.stringify({
    label: t('altcha.label'),
    verifying: t('altcha.verifying'),
    verified: t('altcha.verified'),
    error: t('altcha.error'),
    expired: t('altcha.expired'),
    waitAlert: t('altcha.wait'),
    verificationRequired: t('altcha.required'),
    ariaLinkLabel: t('altcha.label'),
    footer: '',
  });

  return (
    <Box>
      {workerUrl &&
        createElement('altcha-widget', {
          ref: setElement,
          challengeurl: '/altcha/challenge',
          workerurl: workerUrl,
          credentials: 'same-origin',
          name: 'altcha',
          hidefooter: true,
          hidelogo: true,
          auto: 'onload',
          strings,
          style: { '--altcha-max-width': '100%' },
        })}
      {error && (
        <Input.Error mt={4} c="red.8">
          {error}
        </Input.Error>
      )}
    </Box>
  );
}
