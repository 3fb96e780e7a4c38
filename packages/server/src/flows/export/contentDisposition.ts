/**
 * Content-Disposition for downloads (RFC 6266): a plain `filename` fallback in ASCII for old
 * clients, and `filename*` (RFC 5987/8187, UTF-8, percent-encoded) carrying the real name, so a
 * Cyrillic chart name arrives intact in every current browser.
 */

/** RFC 5987 attr-char: ALPHA / DIGIT / "!" "#" "$" "&" "+" "-" "." "^" "_" "`" "|" "~". */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The ASCII fallback: non-ASCII and control characters become '_', quotes and backslashes too. */
export function asciiFallback(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return /[^_.\s]/.test(fallback.replace(/\.[A-Za-z0-9]+$/, ''))
    ? fallback
    : `export${fileName.match(/\.[A-Za-z0-9]+$/)?.[0] ?? ''}`;
}

export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = asciiFallback(fileName);
  const header = `${type}; filename="${fallback}"`;
  return fallback === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function csvContentType(encoding: 'utf-8' | 'utf-16le' | 'windows-1251' = 'utf-8'): string {
  return `text/csv; charset=${encoding}`;
}
