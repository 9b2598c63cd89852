import { describe, expect, it } from 'vitest';
import { tileServerSource } from './tile-source.ts';

describe('tileServerSource', () => {
  it('allows the tile server’s origin, or its subdomains where a placeholder stands in the host', () => {
    expect(tileServerSource('https://tiles.example.org/{theme}/{z}/{x}/{y}.png')).toBe('https://tiles.example.org');
    expect(tileServerSource('http://localhost:8080/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(tileServerSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });
});
