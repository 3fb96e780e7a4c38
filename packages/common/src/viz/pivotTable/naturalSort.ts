/**
 * The pivot's natural order of header values: empty values first, numbers (and numeric text) by
 * value, then text, with runs of digits inside text compared as numbers ("item 2" < "item 10").
 */
export type SortValue = string | number | boolean | null | undefined;

const CHUNKS = /(\d+)|(\D+)/g;
const DIGIT = /\d/;

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!DIGIT.test(a) || !DIGIT.test(b)) return a > b ? 1 : -1;
  const left = a.match(CHUNKS) ?? [];
  const right = b.match(CHUNKS) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x === y) continue;
    if (DIGIT.test(x) && DIGIT.test(y)) return Number(x) - Number(y) || (x > y ? 1 : -1);
    return x > y ? 1 : -1;
  }
  return left.length - right.length;
}

export function naturalSort(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined;
  const bEmpty = b === null || b === undefined;
  if (aEmpty || bEmpty) return aEmpty && bEmpty ? 0 : aEmpty ? -1 : 1;
  const aNumber =
    typeof a === 'number' ? a : typeof a === 'string' && a.trim() !== '' ? Number(a) : Number.NaN;
  const bNumber =
    typeof b === 'number' ? b : typeof b === 'string' && b.trim() !== '' ? Number(b) : Number.NaN;
  const aNumeric = !Number.isNaN(aNumber);
  const bNumeric = !Number.isNaN(bNumber);
  if (aNumeric && bNumeric) {
    if (aNumber !== bNumber) return aNumber < bNumber ? -1 : 1;
    // Equal numbers: real numbers before numeric text.
    if (typeof a === 'number' && typeof b !== 'number') return -1;
    if (typeof b === 'number' && typeof a !== 'number') return 1;
    return 0;
  }
  if (aNumeric) return -1;
  if (bNumeric) return 1;
  return compareText(String(a), String(b));
}
