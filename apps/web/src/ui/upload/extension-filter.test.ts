import { describe, expect, it } from 'vitest';
import { extensionAccepted, splitByExtension } from './extension-filter.ts';

describe('the extension filter', () => {
  it('accepts everything when missing or disabled', () => {
    expect(extensionAccepted('virus.exe', undefined)).toBe(true);
    expect(extensionAccepted('virus.exe', { enabled: false, mode: 'block', extensions: ['exe'] })).toBe(true);
  });

  it('blocks the listed extensions in block mode, by lower case', () => {
    const filter = { enabled: true, mode: 'block' as const, extensions: ['EXE', '.bat'] };
    expect(extensionAccepted('Setup.EXE', filter)).toBe(false);
    expect(extensionAccepted('run.bat', filter)).toBe(false);
    expect(extensionAccepted('notes.txt', filter)).toBe(true);
    expect(extensionAccepted('README', filter)).toBe(true);
  });

  it('accepts only the listed extensions in allow mode', () => {
    const filter = { enabled: true, mode: 'allow' as const, extensions: ['pdf', 'docx'] };
    expect(extensionAccepted('a.PDF', filter)).toBe(true);
    expect(extensionAccepted('a.txt', filter)).toBe(false);
    expect(extensionAccepted('README', filter)).toBe(false);
  });

  it('splits a selection into accepted and rejected', () => {
    const filter = { enabled: true, mode: 'allow' as const, extensions: ['pdf'] };
    const { accepted, rejected } = splitByExtension([{ name: 'a.pdf' }, { name: 'b.exe' }, { name: 'c.pdf' }], filter);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'c.pdf']);
    expect(rejected.map((f) => f.name)).toEqual(['b.exe']);
  });
});
