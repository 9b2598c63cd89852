import { describe, expect, it } from 'vitest';
import { formatFileSize, shortenName } from './file-format.ts';

const nbsp = '\u00a0';

describe('formatFileSize', () => {
  it('uses B, kB, MB, GB, TB in steps of 1000', () => {
    expect(formatFileSize(0, 'en')).toBe(`0${nbsp}B`);
    expect(formatFileSize(999, 'en')).toBe(`999${nbsp}B`);
    expect(formatFileSize(1000, 'en')).toBe(`1${nbsp}kB`);
    expect(formatFileSize(1536, 'en')).toBe(`1.5${nbsp}kB`);
    expect(formatFileSize(2_500_000, 'en')).toBe(`2.5${nbsp}MB`);
    expect(formatFileSize(3_000_000_000, 'en')).toBe(`3${nbsp}GB`);
    expect(formatFileSize(4_200_000_000_000, 'en')).toBe(`4.2${nbsp}TB`);
    expect(formatFileSize(5_000_000_000_000_000, 'en')).toBe(`5,000${nbsp}TB`);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatFileSize(999_960, 'en')).toBe(`1${nbsp}MB`);
    expect(formatFileSize(999_940, 'en')).toBe(`999.9${nbsp}kB`);
  });

  it('writes the locale decimal separator', () => {
    expect(formatFileSize(1536, 'de')).toBe(`1,5${nbsp}kB`);
    expect(formatFileSize(1536, 'de_DU')).toBe(`1,5${nbsp}kB`);
    expect(formatFileSize(1536, 'fr')).toBe(`1,5${nbsp}kB`);
    expect(formatFileSize(1536, 'es')).toBe(`1,5${nbsp}kB`);
  });

  it('shows nothing for no size', () => {
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});

describe('shortenName', () => {
  it('keeps names up to 71 characters', () => {
    const name = 'a'.repeat(71);
    expect(shortenName(name)).toBe(name);
  });

  it('keeps the first 35 and the last 35 of longer names', () => {
    const name = `${'a'.repeat(35)}${'m'.repeat(10)}${'z'.repeat(31)}.pdf`;
    const short = shortenName(name);
    expect(short).toBe(`${'a'.repeat(35)}…${'z'.repeat(31)}.pdf`);
    expect(Array.from(short)).toHaveLength(71);
  });

  it('never cuts a character in half', () => {
    const name = '😀'.repeat(80);
    expect(shortenName(name)).toBe(`${'😀'.repeat(35)}…${'😀'.repeat(35)}`);
  });

  it('takes another length', () => {
    expect(shortenName('abcdefghij', 5)).toBe('ab…ij');
  });
});
