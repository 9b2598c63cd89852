/**
 * A name as it can stand in a URL or file name: lower case, umlauts spelled out as in addresses
 * ("Süd" -> "sued"), other accents dropped, anything else a single hyphen; `fallback` when
 * nothing is left.
 */
export function slugify(name: string, options: { maxLength?: number; fallback: string }): string {
  let slug = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (options.maxLength !== undefined) slug = slug.slice(0, options.maxLength).replace(/-+$/, '');
  return slug || options.fallback;
}
