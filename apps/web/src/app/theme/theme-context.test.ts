import { describe, expect, it } from 'vitest';
import { themeSchema, type ActiveTheme } from '@agora/contracts';
import type { ThemeContextResolver } from '../registry.ts';
import { agreedTheme, BUILT_IN_THEME_CONTEXTS, themeRouteFor } from './theme-context.ts';

const appointments: ThemeContextResolver = { pattern: '/appointments/:appointmentId', resolve: async () => [] };
const resolvers = [...BUILT_IN_THEME_CONTEXTS, appointments];

function theme(primary: string): ActiveTheme {
  return {
    ...themeSchema.parse({ override: true, colors: { primary } }),
    derivedColors: {
      primary_hover: primary,
      primary_contrast_text: '#ffffff',
      header_border: '#dddddd',
      userbar_active_background: '#eeeeee',
    },
  };
}

describe('themeRouteFor', () => {
  it('looks up the group on group routes', () => {
    const route = themeRouteFor('/groups/engineering/files', resolvers);
    expect(route).toMatchObject({ kind: 'context', params: { contextSlug: 'engineering' } });
  });

  it('looks up the category on category routes', () => {
    const route = themeRouteFor('/group-categories/projects/administration', resolvers);
    expect(route).toMatchObject({ kind: 'context', params: { contextSlug: 'projects' } });
  });

  it('asks the feature that registered a pattern', () => {
    const route = themeRouteFor('/appointments/5f0c7e1a2b3c4d5e6f708192', resolvers);
    expect(route.kind === 'context' && route.resolver).toBe(appointments);
  });

  it('keeps the theme on design editors', () => {
    expect(themeRouteFor('/groups/engineering/administration/designs/1/edit', resolvers)).toEqual({ kind: 'keep' });
    expect(themeRouteFor('/group-categories/teams/administration/designs/1', resolvers)).toEqual({ kind: 'keep' });
  });

  it('clears the theme anywhere else', () => {
    expect(themeRouteFor('/', resolvers)).toEqual({ kind: 'clear' });
    expect(themeRouteFor('/notifications', resolvers)).toEqual({ kind: 'clear' });
  });
});

describe('agreedTheme', () => {
  it('applies the design all contexts share', () => {
    expect(agreedTheme([theme('#aa0000'), theme('#aa0000')])?.colors.primary).toBe('#aa0000');
  });

  it('applies none when contexts disagree or one has none', () => {
    expect(agreedTheme([theme('#aa0000'), theme('#00aa00')])).toBeNull();
    expect(agreedTheme([theme('#aa0000'), null])).toBeNull();
    expect(agreedTheme([])).toBeNull();
  });
});
