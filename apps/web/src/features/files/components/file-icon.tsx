import {
  IconFile,
  IconFileCode,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPresentation,
} from '@tabler/icons-react';
import type { Icon } from '../../../app/registry.ts';

const BY_EXTENSION: Array<[Icon, string[]]> = [
  [IconPhoto, ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'heic']],
  [IconFileTypePdf, ['pdf']],
  [IconFileText, ['doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'pages']],
  [IconFileSpreadsheet, ['xls', 'xlsx', 'ods', 'csv', 'numbers']],
  [IconPresentation, ['ppt', 'pptx', 'odp', 'key']],
  [IconFileZip, ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2']],
  [IconMovie, ['mp4', 'mov', 'avi', 'mkv', 'webm', 'm4v']],
  [IconMusic, ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac']],
  [IconFileCode, ['html', 'css', 'js', 'ts', 'json', 'xml', 'yml', 'yaml']],
];

/** The icon of a file by its extension (documents, sheets, slides, images, archives ...). */
export function FileIcon({ extension, size = 20 }: { extension: string; size?: number }) {
  const lower = extension.toLowerCase();
  const Found = BY_EXTENSION.find(([, extensions]) => extensions.includes(lower))?.[0] ?? IconFile;
  // Long names wrap beside it; the icon keeps its size.
  return <Found size={size} aria-hidden style={{ flexShrink: 0 }} />;
}
