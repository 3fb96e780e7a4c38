/**
 * `POST /api/v1/database/{id}/upload/` (multipart). It goes through XMLHttpRequest rather than fetch
 * because the dialog shows the upload's progress; errors are mapped like every other request.
 */
import type { DatabaseUploadResponse, UploadFileType, UploadIfExists } from '@vitrina/common';
import { fetchCsrfToken, loginUrl } from './client.ts';
import { errorFromResponse, networkError } from './errors.ts';
import { parseJson } from './json.ts';

export type { UploadFileType };
export type IfTableExists = UploadIfExists;

export interface UploadRequest {
  databaseId: number;
  file: File;
  type: UploadFileType;
  tableName: string;
  schema?: string;
  alreadyExists: IfTableExists;
  delimiter?: string;
  /** 0-based row of the header; null when the file has none (absent: the server's default, row 0). */
  headerRow?: number | null;
  columnDates?: string[];
}

/** The server's answer: the id of the dataset created or refreshed over the table, and the dataset. */
export type UploadResponse = DatabaseUploadResponse;

/** The multipart form the server expects, in Superset's field names. */
export function uploadFormData(request: UploadRequest): FormData {
  const form = new FormData();
  form.append('file', request.file);
  form.append('type', request.type);
  form.append('table_name', request.tableName);
  if (request.schema) form.append('schema', request.schema);
  form.append('already_exists', request.alreadyExists);
  if (request.type === 'csv' && request.delimiter) form.append('delimiter', request.delimiter);
  if (request.type !== 'columnar' && request.headerRow !== undefined) {
    form.append('header_row', request.headerRow === null ? 'none' : String(request.headerRow));
  }
  if (request.columnDates && request.columnDates.length > 0) {
    form.append('column_dates', request.columnDates.join(','));
  }
  return form;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}

/** Uploads the file; `onProgress` gets the share sent so far, 0 … 1. */
export async function uploadFile(
  request: UploadRequest,
  onProgress?: (fraction: number) => void,
): Promise<UploadResponse> {
  const token = await fetchCsrfToken();
  return new Promise<UploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/database/${request.databaseId}/upload/`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as UploadResponse);
        return;
      }
      if (xhr.status === 401) window.location.assign(loginUrl());
      reject(errorFromResponse(xhr.status, body));
    };
    xhr.send(uploadFormData(request));
  });
}
