import { useParams } from 'react-router';
import { FolderView } from '../components/folder-view.tsx';

/** `/files/folders/{id}` and the same within a group. */
export function FolderPage() {
  const { folderId = '', groupSlug = null } = useParams();
  return <FolderView key={folderId} folderId={folderId} groupSlug={groupSlug} />;
}
