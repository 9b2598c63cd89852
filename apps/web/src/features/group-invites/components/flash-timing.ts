/** Flash messages go after 5 seconds (administration spec, section 9). */
export const FLASH_AUTO_DISMISS_MS = 5000;
