/**
 * The message catalogues shared by the server (errors, e-mails) and the web app. Each product area keeps
 * its namespace in `areas/<area>.<lang>.json`, so work on one area never edits another's file; each
 * language's catalogue is its own module (catalogue.<lang>.ts), so the web app loads only the one it
 * shows. A chart type's own texts live in its folder (viz/<type>/i18n.<lang>.json, filters/<type>/…);
 * `appCatalogues` (appCatalogues.ts) adds them under `viz.types` and `nativeFilters.types`, so these
 * catalogues stay free of the registries for the server.
 */
import type { LanguageCode } from '../api/security.ts';
import { type Catalogue, en } from './catalogue.en.ts';
import { ru } from './catalogue.ru.ts';

export { isLanguageCode, LANGUAGE_NAMES } from './languages.ts';
export type { Catalogue, LanguageCode };

export const catalogues: Record<LanguageCode, Catalogue> = { en, ru };
