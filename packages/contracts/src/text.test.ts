import { describe, expect, it } from 'vitest';
import {
  appointmentFieldsSchema,
  calendarBodySchema,
  groupCategoryBodySchema,
  groupFieldsSchema,
  issueDetail,
  meetingRoomBodySchema,
  nameText,
  optionalLineText,
  TEXT_LIMITS,
  textLength,
} from './index.ts';

const unbroken = (length: number) => 'W'.repeat(length);

describe('the text-length rule', () => {
  it('takes a name of exactly the maximum, trimmed, and refuses one character more with too_long', () => {
    const schema = nameText();
    expect(schema.parse(`  ${unbroken(TEXT_LIMITS.line)}  `)).toBe(unbroken(TEXT_LIMITS.line));
    const refused = schema.safeParse(unbroken(TEXT_LIMITS.line + 1));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['too_long']);
  });

  it('never shortens a text: a 10,000-character name is refused, not cut', () => {
    const refused = nameText().safeParse(unbroken(10_000));
    expect(refused.success).toBe(false);
    expect(issueDetail(refused.error!.issues[0]!)).toEqual({ maximum: TEXT_LIMITS.line });
  });

  it('says required for an empty or blank name', () => {
    expect(
      nameText()
        .safeParse('   ')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['required']);
  });

  it('makes an empty optional line null and still checks its length', () => {
    expect(optionalLineText().parse('  ')).toBeNull();
    expect(optionalLineText(10).safeParse('12345678901').error?.issues[0]?.message).toBe('too_long');
  });

  it('counts the trimmed text, as the schemas measure it', () => {
    expect(textLength('  abc \n')).toBe(3);
  });

  it('gives no detail for other issues or for too many items', () => {
    expect(issueDetail({ code: 'too_small', origin: 'string', minimum: 1 })).toBeNull();
    expect(issueDetail({ code: 'too_big', origin: 'array', maximum: 3 })).toBeNull();
  });

  it.each([
    ['appointment name', () => appointmentFieldsSchema.shape.name],
    ['calendar name', () => calendarBodySchema.shape.calendar.shape.name],
    ['group name', () => groupFieldsSchema.shape.name],
    ['group category name', () => groupCategoryBodySchema.shape.group_category.shape.name],
    ['meeting room name', () => meetingRoomBodySchema.shape.meeting_room.shape.name],
  ])('holds the %s to the one maximum for single lines', (_name, schemaOf) => {
    const schema = schemaOf();
    expect(schema.safeParse(unbroken(TEXT_LIMITS.line)).success).toBe(true);
    expect(schema.safeParse(unbroken(TEXT_LIMITS.line + 1)).error?.issues[0]?.message).toBe('too_long');
  });
});
