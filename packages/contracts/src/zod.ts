import { z } from 'zod';
import { issueKey } from './errors.ts';

// Every schema without a message of its own answers with a message key (see issueKey). Set here,
// where every schema of the package takes its `z` from, rather than in index.ts: a bundle that
// takes only constants from the package (the web app's shell) then leaves zod out.
z.config({ customError: (issue) => issueKey(issue) });

export { z };
