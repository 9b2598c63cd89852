import { ColorInput, ColorSwatch, Input, Stack, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PALETTE, contrastText } from '@agora/contracts';
import { calendarColor } from '../calendar-sections.ts';
import classes from './color-field.module.css';

type ColorFieldProps = {
  /** Hex without `#`, lower case, as stored. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

const HEX = /^#?([0-9a-f]{6})$/i;

/**
 * A calendar's colour: one of the 12 of the palette (radio buttons drawn as swatches, so arrow
 * keys move between them), or any code typed or picked.
 */
export function ColorField({ value, onChange, error }: ColorFieldProps) {
  const { t } = useTranslation('calendars');
  const custom = !(CALENDAR_PALETTE as readonly string[]).includes(value);
  return (
    <Stack gap="xs">
      <Input.Wrapper label={t('form.color')} error={error} withAsterisk>
        <div role="radiogroup" aria-label={t('form.palette')} className={classes.palette}>
          {CALENDAR_PALETTE.map((color) => {
            const name = t(`colors.${color}`);
            return (
              <label key={color} className={classes.option} title={name}>
                <VisuallyHidden>
                  <input
                    type="radio"
                    name="calendar-color"
                    value={color}
                    checked={value === color}
                    onChange={() => onChange(color)}
                    aria-label={name}
                    className={classes.input}
                  />
                </VisuallyHidden>
                <ColorSwatch color={calendarColor(color)} size={32} className={classes.swatch} component="span">
                  {value === color && <IconCheck size={18} color={contrastText(calendarColor(color))} aria-hidden />}
                </ColorSwatch>
              </label>
            );
          })}
        </div>
      </Input.Wrapper>
      <ColorInput
        label={t('form.custom_color')}
        description={t('form.custom_color_hint')}
        value={custom ? calendarColor(value) : ''}
        placeholder="#1971c2"
        format="hex"
        withEyeDropper={false}
        onChange={(text) => {
          const match = HEX.exec(text.trim());
          if (match) onChange(match[1]!.toLowerCase());
        }}
        maw={260}
      />
    </Stack>
  );
}
