import type { Config } from '../../config.ts';
import { BadRequestError, UnprocessableError } from '../../http/errors.ts';
import { checkZipFile, ZipFormatError, ZipLimitError } from '../../platform/zip/index.ts';

/**
 * The parts of an .xlsx that exceljs's streaming reader parses into memory (the shared strings, one
 * string each, cost several times their size); worksheets stream to disk, other parts are skipped.
 */
const PARSED_IN_MEMORY = new Set([
  'xl/sharedStrings.xml',
  'xl/styles.xml',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
]);

/**
 * An .xlsx file is a ZIP archive that exceljs unpacks as it streams. Before that, the archive is held
 * to the limits (400 saying which) and checked to be one a streaming reader sees exactly as its
 * central directory describes (422 when it is not a workbook that can be trusted).
 */
export async function checkWorkbookArchive(file: string, config: Config): Promise<void> {
  const { maxEntries, maxRatio, maxUnpackedBytes, maxInMemoryBytes } = config.zipLimits;
  try {
    await checkZipFile(file, {
      maxEntries,
      maxRatio,
      maxUnpackedBytes,
      heldInMemory: { maxBytes: maxInMemoryBytes, matches: (name) => PARSED_IN_MEMORY.has(name) },
    });
  } catch (error) {
    if (error instanceof ZipLimitError) throw new BadRequestError(error.message);
    if (error instanceof ZipFormatError) {
      throw new UnprocessableError(`Not a readable Excel file: ${error.message}`);
    }
    throw error;
  }
}
