import { randomBytes } from 'node:crypto';

/** A file part of a multipart body. */
export interface MultipartFile {
  field: string;
  name: string;
  content: Buffer | string;
  /** application/octet-stream unless given. */
  contentType?: string;
}

/** A multipart/form-data body as a browser posts a form: the file first, when there is one, then the fields. */
export function multipart(
  fields: Record<string, string>,
  file?: MultipartFile,
): { payload: Buffer; contentType: string } {
  const boundary = `----vitrina${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The archive part of a dashboard import, as Superset's import form sends it. */
export function exportZip(content: Buffer): MultipartFile {
  return { field: 'formData', name: 'export.zip', content, contentType: 'application/zip' };
}
