/**
 * Where the pages may load map tiles from (their content security policy's `img-src`): the tile
 * server's origin, or all subdomains where a placeholder stands in the host (`{s}.tile.example.org`).
 */
export function tileServerSource(template: string): string {
  const url = new URL(template.replace(/\{[a-z]+\}/g, 'x'));
  const host = template.split('/')[2] ?? '';
  if (/\{[a-z]+\}/.test(host)) return `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`;
  return `${url.protocol}//${url.host}`;
}
