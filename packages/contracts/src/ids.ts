import { z } from './zod.ts';
import { ID_PATTERN } from './id-patterns.ts';

export const idSchema = z.string().regex(ID_PATTERN, 'invalid_id');
