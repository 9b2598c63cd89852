import { describe, expect, it } from 'vitest';
import { auditDateOption, decodeAuditLogFilter, encodeAuditLogFilter } from './index.ts';

const id = '0123456789abcdef01234567';

describe('the audit log filter', () => {
  it('is empty without a parameter', () => {
    expect(decodeAuditLogFilter(undefined)).toEqual({ success: true, filter: {} });
    expect(decodeAuditLogFilter('')).toEqual({ success: true, filter: {} });
  });

  it('reads what it encodes', () => {
    const filter = {
      event_types: ['FilePublish' as const],
      date_option: 'custom' as const,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      actor_id: id,
    };
    expect(decodeAuditLogFilter(encodeAuditLogFilter(filter))).toEqual({ success: true, filter });
  });

  it('encodes an empty filter as no parameter', () => {
    expect(encodeAuditLogFilter({ event_types: [], date_option: 'all', actor_id: null })).toBeNull();
  });

  it('refuses what is no JSON object', () => {
    for (const raw of ['{', 'null', '[]', '"x"', '12']) {
      expect(decodeAuditLogFilter(raw)).toEqual({ success: false, errors: { filter: ['invalid'] } });
    }
    expect(decodeAuditLogFilter(`{"a":"${'x'.repeat(3000)}"}`)).toEqual({
      success: false,
      errors: { filter: ['too_long'] },
    });
  });

  it('names the fields that are wrong', () => {
    const result = decodeAuditLogFilter(
      JSON.stringify({ event_types: ['Nope'], start_date: '2026-02-30', actor_id: 'x', date_option: 'soon' }),
    );
    expect(result).toEqual({
      success: false,
      errors: {
        event_types: ['invalid'],
        start_date: ['invalid'],
        actor_id: ['invalid_id'],
        date_option: ['invalid'],
      },
    });
    expect(decodeAuditLogFilter(JSON.stringify({ start_date: '2026-02-02', end_date: '2026-02-01' }))).toEqual({
      success: false,
      errors: { end_date: ['before_start'] },
    });
  });

  it('takes dates without a date option as a custom range', () => {
    expect(auditDateOption({ start_date: '2026-01-01' })).toBe('custom');
    expect(auditDateOption({})).toBe('all');
    expect(auditDateOption({ date_option: 'today', start_date: '2026-01-01' })).toBe('today');
  });
});
