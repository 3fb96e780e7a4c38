/**
 * The message catalogues shared by the server (errors, e-mails) and the web app. Each product area keeps
 * its namespace in `areas/<area>.<lang>.json`, so work on one area never edits another's file. A chart
 * type's own texts live in its folder (viz/<type>/i18n.<lang>.json, filters/<type>/…); `appCatalogues` (appCatalogues.ts)
 * adds them under `viz.types` and `nativeFilters.types`, so these catalogues stay free of the registries for the server.
 */
import type { LanguageCode } from '../api/security.ts';
import accessEn from './areas/access.en.json' with { type: 'json' };
import accessRu from './areas/access.ru.json' with { type: 'json' };
import actionLogEn from './areas/actionLog.en.json' with { type: 'json' };
import actionLogRu from './areas/actionLog.ru.json' with { type: 'json' };
import annotationLayersEn from './areas/annotationLayers.en.json' with { type: 'json' };
import annotationLayersRu from './areas/annotationLayers.ru.json' with { type: 'json' };
import asyncQueriesEn from './areas/asyncQueries.en.json' with { type: 'json' };
import asyncQueriesRu from './areas/asyncQueries.ru.json' with { type: 'json' };
import chartsEn from './areas/charts.en.json' with { type: 'json' };
import chartsRu from './areas/charts.ru.json' with { type: 'json' };
import controlsEn from './areas/controls.en.json' with { type: 'json' };
import controlsRu from './areas/controls.ru.json' with { type: 'json' };
import crossFiltersEn from './areas/crossFilters.en.json' with { type: 'json' };
import crossFiltersRu from './areas/crossFilters.ru.json' with { type: 'json' };
import dashboardEn from './areas/dashboard.en.json' with { type: 'json' };
import dashboardRu from './areas/dashboard.ru.json' with { type: 'json' };
import dashboardActionsEn from './areas/dashboardActions.en.json' with { type: 'json' };
import dashboardActionsRu from './areas/dashboardActions.ru.json' with { type: 'json' };
import dashboardEditEn from './areas/dashboardEdit.en.json' with { type: 'json' };
import dashboardEditRu from './areas/dashboardEdit.ru.json' with { type: 'json' };
import dashboardPropertiesEn from './areas/dashboardProperties.en.json' with { type: 'json' };
import dashboardPropertiesRu from './areas/dashboardProperties.ru.json' with { type: 'json' };
import dashboardsEn from './areas/dashboards.en.json' with { type: 'json' };
import dashboardsRu from './areas/dashboards.ru.json' with { type: 'json' };
import embeddedEn from './areas/embedded.en.json' with { type: 'json' };
import embeddedRu from './areas/embedded.ru.json' with { type: 'json' };
import errorMessagesEn from './areas/errorMessages.en.json' with { type: 'json' };
import errorMessagesRu from './areas/errorMessages.ru.json' with { type: 'json' };
import exploreEn from './areas/explore.en.json' with { type: 'json' };
import exploreRu from './areas/explore.ru.json' with { type: 'json' };
import formatEn from './areas/format.en.json' with { type: 'json' };
import formatRu from './areas/format.ru.json' with { type: 'json' };
import globalSearchEn from './areas/globalSearch.en.json' with { type: 'json' };
import globalSearchRu from './areas/globalSearch.ru.json' with { type: 'json' };
import homeEn from './areas/home.en.json' with { type: 'json' };
import homeRu from './areas/home.ru.json' with { type: 'json' };
import nativeFiltersEn from './areas/nativeFilters.en.json' with { type: 'json' };
import nativeFiltersRu from './areas/nativeFilters.ru.json' with { type: 'json' };
import onboardingEn from './areas/onboarding.en.json' with { type: 'json' };
import onboardingRu from './areas/onboarding.ru.json' with { type: 'json' };
import reportsEn from './areas/reports.en.json' with { type: 'json' };
import reportsRu from './areas/reports.ru.json' with { type: 'json' };
import sessionsEn from './areas/sessions.en.json' with { type: 'json' };
import sessionsRu from './areas/sessions.ru.json' with { type: 'json' };
import signInEn from './areas/signIn.en.json' with { type: 'json' };
import signInRu from './areas/signIn.ru.json' with { type: 'json' };
import sqlLabEn from './areas/sqllab.en.json' with { type: 'json' };
import sqlLabRu from './areas/sqllab.ru.json' with { type: 'json' };
import tagsEn from './areas/tags.en.json' with { type: 'json' };
import tagsRu from './areas/tags.ru.json' with { type: 'json' };
import vizEn from './areas/viz.en.json' with { type: 'json' };
import vizRu from './areas/viz.ru.json' with { type: 'json' };
import baseEn from './en.json' with { type: 'json' };
import baseRu from './ru.json' with { type: 'json' };

export type { LanguageCode };

const en = {
  ...baseEn,
  ...accessEn,
  ...actionLogEn,
  ...annotationLayersEn,
  ...asyncQueriesEn,
  ...chartsEn,
  ...controlsEn,
  ...crossFiltersEn,
  ...dashboardEn,
  ...dashboardActionsEn,
  ...dashboardEditEn,
  ...dashboardPropertiesEn,
  ...dashboardsEn,
  ...embeddedEn,
  ...errorMessagesEn,
  ...exploreEn,
  ...formatEn,
  ...globalSearchEn,
  ...homeEn,
  ...nativeFiltersEn,
  ...onboardingEn,
  ...reportsEn,
  ...sessionsEn,
  ...signInEn,
  ...sqlLabEn,
  ...tagsEn,
  ...vizEn,
};

export type Catalogue = typeof en;

/** Typing ru as the en shape makes a key missing from ru a compile error too. */
const ru: Catalogue = {
  ...baseRu,
  ...accessRu,
  ...actionLogRu,
  ...annotationLayersRu,
  ...asyncQueriesRu,
  ...chartsRu,
  ...controlsRu,
  ...crossFiltersRu,
  ...dashboardRu,
  ...dashboardActionsRu,
  ...dashboardEditRu,
  ...dashboardPropertiesRu,
  ...dashboardsRu,
  ...embeddedRu,
  ...errorMessagesRu,
  ...exploreRu,
  ...formatRu,
  ...globalSearchRu,
  ...homeRu,
  ...nativeFiltersRu,
  ...onboardingRu,
  ...reportsRu,
  ...sessionsRu,
  ...signInRu,
  ...sqlLabRu,
  ...tagsRu,
  ...vizRu,
};

export const catalogues: Record<LanguageCode, Catalogue> = { en, ru };

/** Each language's own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: 'English', ru: 'Русский' };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return value === 'en' || value === 'ru';
}
