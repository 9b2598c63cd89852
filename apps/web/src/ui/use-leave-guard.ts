import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirm, type ConfirmOptions } from './confirm-dialog.tsx';

/** The question asked; without it, the composer's (unsaved text is lost). */
export type LeaveGuardTexts = Required<Pick<ConfirmOptions, 'title' | 'message' | 'confirmLabel' | 'cancelLabel'>>;

/**
 * While `active`, leaving the page asks first: the browser's own question when the tab closes or
 * reloads, a confirmation for a link within the app. `release()` lets the next navigation pass
 * without asking (after sending, the composer leaves on purpose).
 *
 * A router keeps one such guard at a time: a page with several editors (a stream's reply
 * composers) mounts it only while one of them holds unsaved text (see LeaveGuard).
 */
export function useLeaveGuard(active: boolean, texts?: LeaveGuardTexts) {
  const { t } = useTranslation('ui');
  const activeRef = useRef(active);

  useEffect(() => {
    activeRef.current = active;
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only with a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const state = blocker.state;
  useEffect(() => {
    if (state !== 'blocked') return;
    let settled = false;
    void confirm({
      ...(texts ?? {
        title: t('leave_dialog.title'),
        message: t('leave_dialog.text'),
        confirmLabel: t('leave_dialog.confirm'),
        cancelLabel: t('leave_dialog.cancel'),
      }),
      danger: true,
    }).then((leave) => {
      if (settled) return;
      settled = true;
      if (leave) blocker.proceed?.();
      else blocker.reset?.();
    });
    // Only when the blocker changes state; the blocker object is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  return {
    release: () => {
      activeRef.current = false;
    },
  };
}

/** The guard as an element, mounted only while there is something to lose. */
export function LeaveGuard({ texts, suspended = false }: { texts?: LeaveGuardTexts; suspended?: boolean }) {
  useLeaveGuard(!suspended, texts);
  return null;
}
