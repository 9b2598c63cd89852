import { z } from 'zod';

/** Public ids are 24 lowercase hex digits, time-ordered (ObjectId style). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'invalid_id');
