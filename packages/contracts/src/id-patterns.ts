// The id patterns without their schemas: the web app's shell tells ids in paths apart with them,
// and a file that defines no schema keeps zod out of the shell's first download.

/** Public ids are 24 lowercase hex digits, time-ordered (ObjectId style). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** Ids of generated and modified occurrences: `r-{seriesId}-{original local start yyyyMMddTHHmm}`. */
export const OCCURRENCE_ID_PATTERN = /^r-([0-9a-f]{24})-(\d{8}T\d{4})$/;
