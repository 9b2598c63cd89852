import { showToast } from '../../ui/toast.tsx';

/** Puts text on the clipboard; the older execCommand path serves pages without clipboard access. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Copies and says so: the given success message, or the generic error (calendars spec, section 8). */
export async function copyWithToast(text: string, successMessage: string): Promise<boolean> {
  try {
    await copyText(text);
    showToast(successMessage, { kind: 'success' });
    return true;
  } catch {
    showToast('generic_error', { kind: 'error' });
    return false;
  }
}
