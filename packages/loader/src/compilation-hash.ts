// The build's compilation hash, read from the page's <meta>.
import { COMPILATION_HASH_META } from './constants.ts';

/** The build's compilation hash from `<meta name="ssg-compilation-hash" content="…">`, or ''. */
export const readCompilationHash = (doc: Pick<Document, 'querySelector'> = document): string =>
  doc.querySelector<HTMLMetaElement>(`meta[name="${COMPILATION_HASH_META}"]`)?.content ?? '';
