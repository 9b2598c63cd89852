import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { contrastRatio, mixColors as mix, type ActiveTheme } from '@agora/contracts';

// Darker shades than Mantine's defaults, so that text, links and buttons meet WCAG AA contrast.
const BASE = {
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  autoContrast: true,
} satisfies MantineThemeOverride;

export const baseTheme = createTheme(BASE);

/** The colour, darkened just enough that white text on it meets WCAG AA (4.5:1). */
export function readableOnWhite(hex: string): string {
  let shade = hex;
  for (let step = 1; step <= 10 && contrastRatio(shade, '#ffffff') < 4.5; step++)
    shade = mix(hex, '#000000', step * 0.06);
  return shade;
}

/**
 * Ten shades around the chosen colour, which sits at index 8, the primary shade of every
 * palette (dark enough for white text on red badges, say). A colour too light for white
 * text on buttons and links is darkened there as far as needed.
 */
export function shadesOf(chosen: string): MantineColorsTuple {
  const hex = readableOnWhite(chosen);
  const lighter = [0.94, 0.86, 0.76, 0.64, 0.52, 0.4, 0.27, 0.14].map((amount) => mix(hex, '#ffffff', amount));
  const darker = [0.2].map((amount) => mix(hex, '#000000', amount));
  return [...lighter, hex, ...darker] as unknown as MantineColorsTuple;
}

/** The Mantine theme of a network's or group's design. */
export function mantineThemeFor(theme: ActiveTheme | null): MantineThemeOverride {
  if (!theme) return baseTheme;
  return createTheme({
    ...BASE,
    colors: { brand: shadesOf(theme.colors.primary) },
    primaryColor: 'brand',
  });
}

/** The shell's own colours (header, user bar) as CSS variables. */
export function shellVariablesResolver(theme: ActiveTheme | null): CSSVariablesResolver {
  return () => ({
    variables: theme
      ? {
          '--agora-header-bg': theme.colors.header_background,
          '--agora-header-text': theme.colors.header_text,
          '--agora-header-border': theme.derivedColors.header_border,
          '--agora-userbar-bg': theme.colors.userbar_background,
          '--agora-userbar-text': theme.colors.userbar_text,
          '--agora-userbar-active-bg': theme.derivedColors.userbar_active_background,
        }
      : {
          '--agora-header-bg': 'var(--mantine-color-body)',
          '--agora-header-text': 'var(--mantine-color-text)',
          '--agora-header-border': 'var(--mantine-color-gray-3)',
          '--agora-userbar-bg': 'var(--mantine-color-gray-0)',
          '--agora-userbar-text': 'var(--mantine-color-text)',
          '--agora-userbar-active-bg': 'var(--mantine-color-gray-2)',
        },
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
      '--mantine-color-brand-light-color': 'var(--mantine-color-brand-9)',
      // Field errors (the message and the field's text) are read on white: Mantine's red is too light.
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    },
    dark: {},
  });
}

/** The design's favicon, else the app's own. */
export function faviconHref(theme: ActiveTheme | null): string {
  return theme?.faviconImage ? `/api/storage/assets/${theme.faviconImage.id}/preview` : '/favicon.svg';
}

/** The design's logo image, or null when the network's name stands in for it. */
export function logoSrc(theme: ActiveTheme | null): string | null {
  if (!theme) return null;
  if (theme.logoImage) return `/api/storage/assets/${theme.logoImage.id}/preview`;
  return theme.logoUrl;
}
