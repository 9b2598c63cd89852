/** The documents whose text search can find, each read by its own extractor. */
export type ExtractableKind = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'opendocument' | 'text';

const BY_CONTENT_TYPE: Record<string, ExtractableKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'opendocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'opendocument',
  'application/vnd.oasis.opendocument.presentation': 'opendocument',
  'text/plain': 'text',
  'text/csv': 'text',
  'text/markdown': 'text',
};

const BY_EXTENSION: Record<string, ExtractableKind> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'opendocument',
  ods: 'opendocument',
  odp: 'opendocument',
  txt: 'text',
  csv: 'text',
  md: 'text',
};

/**
 * The extractor of a stored file, by its extension first: uploads often carry a generic type
 * (`application/octet-stream`, a zip's for office documents), and the name is what the member
 * chose. Null when no extractor reads it.
 */
export function extractableKind(filename: string, contentType: string): ExtractableKind | null {
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return BY_EXTENSION[extension] ?? BY_CONTENT_TYPE[type] ?? null;
}
