/**
 * Whether an Accept-Encoding header accepts `coding` (by name or `*`, with a q-value above 0).
 * No header at all means identity only: routes that compress on their own ask this.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let named: boolean | null = null;
  let any = false;
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    const accepted = !q || Number(q[1]) > 0;
    if (name.trim() === coding) named = accepted;
    else if (name.trim() === '*') any = accepted;
  }
  return named ?? any;
}
