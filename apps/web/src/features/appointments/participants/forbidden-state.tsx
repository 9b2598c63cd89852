import { IconLock } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state.tsx';

/** A page the member may not use (the server answers 403): said plainly, with nothing to click. */
export function ForbiddenState({ title, text }: { title: string; text: string }) {
  return <EmptyState icon={<IconLock size={32} aria-hidden />} title={title} text={text} />;
}
