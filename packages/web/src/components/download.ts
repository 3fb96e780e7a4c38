/** Saving files from explore: the chart's data as CSV/XLSX, and the drawn chart as a PNG. */

/** A file name safe on every system, from a chart name and a timestamp: `Sales_by_month_20240501T1030`. */
export function chartFileName(sliceName: string, extension: string, now = new Date()): string {
  const base =
    sliceName
      .trim()
      .replace(/[\\/:*?"<>|\s]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'chart';
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 13);
  return `${base}_${stamp}.${extension}`;
}

/** Hands a blob or a data URL to the browser as a download. */
export function saveFile(content: Blob | string, fileName: string): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}
