/** `/messages` or `/groups/{slug}/messages`. */
export function messagesBase(groupSlug: string | null): string {
  return groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/messages` : '/messages';
}

/** The page of `?page=`, 1 when missing or not a page number. */
export function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
