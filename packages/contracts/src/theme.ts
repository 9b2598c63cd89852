import { z } from './zod.ts';
import { webUrlSchema } from './urls.ts';
import { contrastText, mixColors, relativeLuminance } from './colors.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/**
 * A design as the network, a group category or a group stores it (administration spec,
 * section 3, Theme). Every field has a default, so `themeSchema.parse({})` is the plain design.
 */
export const themeSchema = z.object({
  /** A group's or category's design replaces the network's only when override is set. */
  override: z.boolean().default(false),
  logoImage: z.object({ id: z.string() }).nullable().default(null),
  /** An image on this server (see webUrlSchema); the pages load images from nowhere else. */
  logoUrl: webUrlSchema({ absolute: false }).nullable().default(null),
  faviconImage: z.object({ id: z.string(), extension: z.string() }).nullable().default(null),
  logoType: z.enum(['default', 'extended']).default('default'),
  bannerType: z.enum(['none', 'color', 'image']).default('none'),
  userbarIconType: z.enum(['duotone', 'regular']).default('regular'),
  fullWidth: z.boolean().default(false),
  colors: z
    .object({
      primary: hexColor.default('#1864ab'),
      header_background: hexColor.default('#ffffff'),
      header_text: hexColor.default('#212529'),
      userbar_background: hexColor.default('#f8f9fa'),
      userbar_text: hexColor.default('#212529'),
    })
    .prefault({}),
});
export type Theme = z.infer<typeof themeSchema>;
/** `PUT /api/v1/administration/design`: the network's design as a whole. */
export const designBodySchema = z.object({ theme: themeSchema });
export type DesignBody = z.input<typeof designBodySchema>;

/** A design as it may be stored: any field left out takes its default. */
export type ThemeInput = z.input<typeof themeSchema>;

/** The theme as the web app receives it, with colours derived from the chosen ones. */
export type ActiveTheme = Theme & {
  derivedColors: {
    primary_hover: string;
    primary_contrast_text: string;
    header_border: string;
    userbar_active_background: string;
  };
};

/**
 * The colours the web app needs besides the chosen ones, so that every design stays readable:
 * computed here once rather than in each component (and the same on server and web).
 */
export function deriveTheme(theme: Theme): ActiveTheme {
  const { primary, header_background, userbar_background } = theme.colors;
  // A dark header gets a lighter border line, a light one a darker line.
  const headerBorder =
    relativeLuminance(header_background) > 0.5
      ? mixColors(header_background, '#000000', 0.1)
      : mixColors(header_background, '#ffffff', 0.2);
  return {
    ...theme,
    derivedColors: {
      primary_hover: mixColors(primary, '#000000', 0.1),
      primary_contrast_text: contrastText(primary),
      header_border: headerBorder,
      userbar_active_background: mixColors(userbar_background, primary, 0.15),
    },
  };
}

/** A stored design read leniently: anything unreadable falls back to the plain design. */
export function parseTheme(stored: unknown): Theme {
  const result = themeSchema.safeParse(stored ?? {});
  if (result.success) return result.data;
  // A field stored under an older rule takes its default; the rest of the design stays.
  const kept: Record<string, unknown> = { ...(typeof stored === 'object' && stored ? stored : {}) };
  for (const issue of result.error.issues) delete kept[String(issue.path[0])];
  const again = themeSchema.safeParse(kept);
  return again.success ? again.data : themeSchema.parse({});
}
