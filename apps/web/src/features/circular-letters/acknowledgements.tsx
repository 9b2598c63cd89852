import { lazy, Suspense } from 'react';
import type { AcknowledgementsModalProps } from './components/acknowledgements-modal.tsx';

const LoadedModal = lazy(() =>
  import('./components/acknowledgements-modal.tsx').then((m) => ({ default: m.AcknowledgementsModal })),
);

/**
 * Who acknowledged a circular letter (for the activity card): fetched with its texts the first
 * time it opens, so the pages that never open it carry none of it.
 */
export function AcknowledgementsModal(props: AcknowledgementsModalProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}

export type { AcknowledgementsModalProps };
