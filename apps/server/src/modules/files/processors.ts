import type { Processor } from '../../platform/events/index.ts';
import { GROUP_CREATED } from '../groups/index.ts';
import type { FilesAccessService } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS } from './events.ts';
import type { StreamPostChanges } from './new-files.ts';
import type { FilesRepository } from './repository.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * - A new group gets its root folder at once (older groups get theirs when first asked for).
 * - Files added with `post_to_stream` are posted once, as links to them, to the stream of
 *   their first folder's group (or the streams chosen, or the network's default stream).
 */
export function fileProcessors(deps: FilesDeps, repository: FilesRepository, access: FilesAccessService): Processor[] {
  return [
    {
      name: 'files.group_roots',
      types: [GROUP_CREATED],
      async handle(event) {
        await access.rootFolder(event.networkId, 'group', event.subject.id);
      },
    },
    {
      name: 'files.stream_posts',
      types: [FILE_EVENTS.published],
      async handle(event) {
        const post = event.changes.post as StreamPostChanges | undefined;
        if (!post) return;
        const files = await repository.filesByIds(event.networkId, post.file_ids);
        if (files.length === 0) return;
        const streamIds = post.stream_ids ?? [
          post.group_id ?? (await deps.activities.defaultStreamId(event.networkId)),
        ];
        const items = files.map((f) => `<li><a href="/files/${f.id}">${escapeHtml(f.name)}</a></li>`).join('');
        await deps.activities.postFromModule({
          networkId: event.networkId,
          actorId: event.actorId,
          type: 'file',
          objectId: files[0]!.id,
          title: files.length === 1 ? files[0]!.name : null,
          url: `/files/${files[0]!.id}`,
          date: null,
          content: `<ul>${items}</ul>${files[0]!.description ? `<p>${escapeHtml(files[0]!.description)}</p>` : ''}`,
          streamIds,
        });
      },
    },
  ];
}
