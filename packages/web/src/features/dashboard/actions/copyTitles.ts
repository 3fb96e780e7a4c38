/**
 * A dashboard copy's titles, Superset's "<title> [copy]" in each title's own language: the English title
 * gets the English suffix and the Russian one the Russian suffix, whatever the UI shows. The i18n
 * instance holds only the UI's language (app/i18n/languagePacks.ts), so both are read from the files.
 */
import actionsEn from '@vitrina/common/i18n/areas/dashboardActions.en.json' with { type: 'json' };
import actionsRu from '@vitrina/common/i18n/areas/dashboardActions.ru.json' with { type: 'json' };

const copyOf = (pattern: string, title: string) => pattern.replace('{{title}}', () => title);

export function copyTitles(
  title: string,
  titleRu: string | null | undefined,
): { title: string; titleRu: string } {
  return {
    title: copyOf(actionsEn.dashboardActions.saveAs.defaultTitle, title),
    titleRu: titleRu ? copyOf(actionsRu.dashboardActions.saveAs.defaultTitle, titleRu) : '',
  };
}
