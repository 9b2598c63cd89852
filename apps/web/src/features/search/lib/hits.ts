import type { SearchHits, SearchModule } from '@agora/contracts';
import { folderPath } from '../../files/index.ts';
import { plainText } from './highlight.ts';

type AnyHit = SearchHits[SearchModule];

/** What a hit is called in a short list (the header's quick results). */
export function hitTitle(module: SearchModule, hit: AnyHit): string {
  switch (module) {
    case 'activities': {
      const activity = hit as SearchHits['activities'];
      return activity.object.title ?? plainText(activity.object.plain_content || activity.object.content);
    }
    case 'messages':
      return (hit as SearchHits['messages']).subject;
    case 'files': {
      const file = hit as SearchHits['files'];
      return file.extension && !file.name.endsWith(`.${file.extension}`) ? `${file.name}.${file.extension}` : file.name;
    }
    default:
      return (hit as { name: string }).name;
  }
}

/**
 * Where a hit leads: its `html_url`, except a folder's, whose page lives under the files module
 * (`/files/folders/{id}`) while the hit says `/folders/{id}`.
 */
export function hitLink(module: SearchModule, hit: AnyHit): string {
  if (module === 'folders' && hit.html_url.startsWith('/folders/')) return folderPath(hit.id);
  return hit.html_url;
}
