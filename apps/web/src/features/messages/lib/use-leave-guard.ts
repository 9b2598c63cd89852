import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog.tsx';

/**
 * While `active`, leaving the page asks first: the browser's own question when the tab closes or
 * reloads, a confirmation for a link within the app. `release()` lets the next navigation pass
 * without asking (after sending, the composer leaves on purpose).
 */
export function useLeaveGuard(active: boolean) {
  const { t } = useTranslation('messages');
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
      title: t('leave_dialog.title'),
      message: t('leave_dialog.text'),
      confirmLabel: t('leave_dialog.confirm'),
      cancelLabel: t('leave_dialog.cancel'),
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
