import type { AnnotationItem, AnnotationWriteRequest } from '@vitrina/common';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The annotation form's values and the request they make. Times are what Superset stores: naive
 * date-times (the server reads them as UTC), shown and sent as the same wall-clock text, so editing an
 * annotation never shifts it by the browser's time zone.
 */
export interface AnnotationFormValues {
  short_descr: string;
  long_descr: string;
  start: Dayjs | null;
  end: Dayjs | null;
  json_metadata: string;
}

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function annotationFormValues(annotation?: AnnotationItem): AnnotationFormValues {
  return {
    short_descr: annotation?.short_descr ?? '',
    long_descr: annotation?.long_descr ?? '',
    start: annotation ? dayjs(annotation.start_dttm) : null,
    end: annotation ? dayjs(annotation.end_dttm) : null,
    json_metadata: annotation?.json_metadata ?? '',
  };
}

const naive = (time: Dayjs) => time.format('YYYY-MM-DDTHH:mm:ss');

/** The POST/PUT body: an empty end is the start (an event), empty texts are null. */
export function annotationRequest(values: AnnotationFormValues): AnnotationWriteRequest {
  const start = values.start as Dayjs;
  return {
    short_descr: values.short_descr.trim(),
    long_descr: values.long_descr.trim() || null,
    start_dttm: naive(start),
    end_dttm: naive(values.end ?? start),
    json_metadata: values.json_metadata.trim() || null,
  };
}
