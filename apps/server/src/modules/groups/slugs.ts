import { slugify } from '../../platform/text/slug.ts';

/**
 * A slug from a name that none of `taken` (nor a reserved word of the routes) has: the name's
 * slug, else the same with -2, -3 ...
 */
export function uniqueSlug(name: string, taken: Set<string>, options: { fallback: string; reserved?: string[] }) {
  const base = slugify(name, { maxLength: 60, fallback: options.fallback });
  const blocked = (slug: string) => taken.has(slug) || (options.reserved ?? []).includes(slug);
  if (!blocked(base)) return base;
  for (let n = 2; ; n++) if (!blocked(`${base}-${n}`)) return `${base}-${n}`;
}
