/**
 * The English catalogue of the product areas (index.ts). A module of its own, so the web app loads only
 * the language it shows (app/i18n/languagePacks.ts).
 */
import accessEn from './areas/access.en.json' with { type: 'json' };
import actionLogEn from './areas/actionLog.en.json' with { type: 'json' };
import annotationLayersEn from './areas/annotationLayers.en.json' with { type: 'json' };
import asyncQueriesEn from './areas/asyncQueries.en.json' with { type: 'json' };
import chartsEn from './areas/charts.en.json' with { type: 'json' };
import controlsEn from './areas/controls.en.json' with { type: 'json' };
import crossFiltersEn from './areas/crossFilters.en.json' with { type: 'json' };
import dashboardEn from './areas/dashboard.en.json' with { type: 'json' };
import dashboardActionsEn from './areas/dashboardActions.en.json' with { type: 'json' };
import dashboardEditEn from './areas/dashboardEdit.en.json' with { type: 'json' };
import dashboardPropertiesEn from './areas/dashboardProperties.en.json' with { type: 'json' };
import dashboardsEn from './areas/dashboards.en.json' with { type: 'json' };
import embeddedEn from './areas/embedded.en.json' with { type: 'json' };
import errorMessagesEn from './areas/errorMessages.en.json' with { type: 'json' };
import exploreEn from './areas/explore.en.json' with { type: 'json' };
import formatEn from './areas/format.en.json' with { type: 'json' };
import globalSearchEn from './areas/globalSearch.en.json' with { type: 'json' };
import homeEn from './areas/home.en.json' with { type: 'json' };
import nativeFiltersEn from './areas/nativeFilters.en.json' with { type: 'json' };
import onboardingEn from './areas/onboarding.en.json' with { type: 'json' };
import reportsEn from './areas/reports.en.json' with { type: 'json' };
import sessionsEn from './areas/sessions.en.json' with { type: 'json' };
import signInEn from './areas/signIn.en.json' with { type: 'json' };
import sqlLabEn from './areas/sqllab.en.json' with { type: 'json' };
import tagsEn from './areas/tags.en.json' with { type: 'json' };
import vizEn from './areas/viz.en.json' with { type: 'json' };
import baseEn from './en.json' with { type: 'json' };

export const en = {
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
