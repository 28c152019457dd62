import { API_BASE, LibraryPaths, type Language, type LibraryFile } from '@bansi/shared';

/** The reader's language first, then the file for both, then the other language (as the API picks). */
export function pickFile(files: LibraryFile[], lang: Language): LibraryFile | undefined {
  const order = lang === 'en' ? ['en', 'both', 'lo'] : ['lo', 'both', 'en'];
  for (const language of order) {
    const file = files.find((f) => f.language === language);
    if (file) return file;
  }
  return undefined;
}

/** The file endpoint the viewer reads by range; `download` asks for an attachment. */
export function libraryFileUrl(id: string, lang: Language, options: { staff?: boolean; version?: string; download?: boolean } = {}) {
  const params = new URLSearchParams({ lang });
  if (options.version) params.set('version', options.version);
  if (options.download) params.set('download', '1');
  const path = options.staff ? LibraryPaths.staffFile(id) : LibraryPaths.file(id);
  return `${API_BASE}${path}?${params.toString()}`;
}
