/**
 * A chart has an English title (`slice_name`, required) and a Russian one (`slice_name_ru`, optional).
 * The save dialog shows one name field, in the UI's language; this decides which stored titles it writes.
 */
import { localizedName } from '../../../components/localizedName.ts';

export interface ChartTitles {
  sliceName: string;
  sliceNameRu: string | null;
}

/** The titles to send: `sliceNameRu` undefined leaves the stored Russian title as it is. */
export interface TitlesToSave {
  sliceName: string;
  sliceNameRu?: string | null;
}

const isRussian = (language: string) => language.toLowerCase().startsWith('ru');

/** What the name field starts with: the title in the UI's language. */
export function nameFieldValue(current: ChartTitles, language: string): string {
  return localizedName(current.sliceName, current.sliceNameRu, language);
}

/**
 * In English the field is the English title. In Russian it is the Russian title: overwrite changes only
 * that one; save-as gives the new chart the typed name as both titles (the only name the user gave it),
 * unless the name was left as it was, when the new chart keeps both of the old one's titles.
 */
export function titlesToSave(
  action: 'overwrite' | 'saveas',
  typed: string,
  current: ChartTitles,
  language: string,
): TitlesToSave {
  const name = typed.trim();
  const unchanged = name === nameFieldValue(current, language).trim();
  if (!isRussian(language)) {
    if (action === 'overwrite') return { sliceName: name };
    return { sliceName: name, sliceNameRu: unchanged ? current.sliceNameRu : null };
  }
  if (unchanged) {
    return action === 'overwrite'
      ? { sliceName: current.sliceName }
      : { sliceName: current.sliceName || name, sliceNameRu: current.sliceNameRu };
  }
  return action === 'overwrite'
    ? { sliceName: current.sliceName || name, sliceNameRu: name }
    : { sliceName: name, sliceNameRu: name };
}
