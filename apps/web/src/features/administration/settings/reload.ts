/** How long the success toast shows before the page loads again with the new settings. */
export const RELOAD_AFTER_MS = 1500;

/** Loads the page again; its own function, so that tests can watch it. */
export function reloadPage(): void {
  window.location.reload();
}
