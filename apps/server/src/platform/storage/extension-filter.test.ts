import { describe, expect, it } from 'vitest';
import { extensionRejection } from './extension-filter.ts';

describe('extensionRejection', () => {
  const allow = { enabled: true, mode: 'allow' as const, extensions: ['PDF', '.docx', ' txt '] };
  const block = { enabled: true, mode: 'block' as const, extensions: ['exe'] };

  it('accepts only listed extensions with an allow list, naming them in the answer', () => {
    expect(extensionRejection(allow, 'files', 'pdf')).toBeNull();
    expect(extensionRejection(allow, 'files', 'txt')).toBeNull();
    const rejection = extensionRejection(allow, 'files', 'exe');
    expect(rejection?.statusCode).toBe(422);
    expect(rejection?.body).toEqual({
      errors: { file: ['file_type_not_accepted_allow_list'] },
      allowed_extensions: ['pdf', 'docx', 'txt'],
    });
    expect(extensionRejection(allow, 'files', '')?.statusCode).toBe(422);
  });

  it('refuses listed extensions with a block list', () => {
    expect(extensionRejection(block, 'files', 'exe')?.body).toEqual({ errors: { file: ['file_type_not_accepted'] } });
    expect(extensionRejection(block, 'files', 'pdf')).toBeNull();
    expect(extensionRejection(block, 'files', '')).toBeNull();
  });

  it('filters the files directory only, and only when enabled', () => {
    expect(extensionRejection(block, 'images', 'exe')).toBeNull();
    expect(extensionRejection({ ...block, enabled: false }, 'files', 'exe')).toBeNull();
  });
});
