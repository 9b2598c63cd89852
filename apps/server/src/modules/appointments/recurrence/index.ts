// The zone arithmetic the feeds need besides the public API of ../recurrence.ts.
export { DAY, formatLocalKey, splitLocal } from './civil.ts';
export { assertZone, offsetAt, offsetTransitions, toInstant, toLocal } from './zone-time.ts';
