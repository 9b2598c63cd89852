import { describe, expect, it } from 'vitest';
import { isCompleteTime, normalizeTime, stepTime } from './time-format.ts';

describe('normalizeTime', () => {
  it('writes both parts with two digits', () => {
    expect(normalizeTime('9:5')).toBe('09:05');
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('9.30')).toBe('09:30');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('0930')).toBe('09:30');
    expect(normalizeTime(' 23:59 ')).toBe('23:59');
    expect(normalizeTime('0:0')).toBe('00:00');
  });

  it('turns an hour outside 0-23 and minutes outside 0-59 into 00', () => {
    expect(normalizeTime('24:30')).toBe('00:30');
    expect(normalizeTime('12:60')).toBe('12:00');
    expect(normalizeTime('99:99')).toBe('00:00');
    expect(normalizeTime('ab:cd')).toBe('00:00');
    expect(normalizeTime('-1:15')).toBe('00:15');
    expect(normalizeTime('12:345')).toBe('12:00');
  });

  it('leaves an empty field empty', () => {
    expect(normalizeTime('')).toBe('');
    expect(normalizeTime('   ')).toBe('');
  });
});

describe('isCompleteTime', () => {
  it('knows a finished entry', () => {
    expect(isCompleteTime('09:30')).toBe(true);
    expect(isCompleteTime('9:30')).toBe(false);
    expect(isCompleteTime('24:00')).toBe(false);
    expect(isCompleteTime('12:6')).toBe(false);
  });
});

describe('stepTime', () => {
  it('steps an hour on the hours, keeping the minutes, around midnight', () => {
    expect(stepTime('09:17', 'hours', 1)).toBe('10:17');
    expect(stepTime('23:30', 'hours', 1)).toBe('00:30');
    expect(stepTime('00:30', 'hours', -1)).toBe('23:30');
  });

  it('steps five minutes on the minutes, snapping and carrying into the hour', () => {
    expect(stepTime('09:00', 'minutes', 1)).toBe('09:05');
    expect(stepTime('09:07', 'minutes', 1)).toBe('09:10');
    expect(stepTime('09:07', 'minutes', -1)).toBe('09:05');
    expect(stepTime('09:55', 'minutes', 1)).toBe('10:00');
    expect(stepTime('00:00', 'minutes', -1)).toBe('23:55');
    expect(stepTime('23:55', 'minutes', 1)).toBe('00:00');
  });

  it('starts an empty field at midnight', () => {
    expect(stepTime('', 'hours', 1)).toBe('01:00');
  });
});
