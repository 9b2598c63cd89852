import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from '@agora/contracts';
import { readableOnWhite, shadesOf } from './mantine-theme.ts';

const contrastWithWhite = (hex: string) => contrastRatio(hex, '#ffffff');

describe('shadesOf', () => {
  it('keeps a dark enough colour as it is, at the primary shade', () => {
    const shades = shadesOf('#1971c2');
    expect(shades).toHaveLength(10);
    expect(shades[8]).toBe('#1971c2');
  });

  it('darkens a light colour until white text on it is readable', () => {
    expect(contrastWithWhite('#74c0fc')).toBeLessThan(4.5);
    expect(contrastWithWhite(readableOnWhite('#74c0fc'))).toBeGreaterThanOrEqual(4.5);
    expect(shadesOf('#74c0fc')[8]).toBe(readableOnWhite('#74c0fc'));
  });

  it('runs from light to dark', () => {
    const luminances = shadesOf('#7048e8').map(relativeLuminance);
    expect([...luminances].sort((a, b) => b - a)).toEqual(luminances);
  });
});
