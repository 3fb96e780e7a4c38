/** The Russian catalogue of the product areas, apart from the English one (catalogue.en.ts). */

import accessRu from './areas/access.ru.json' with { type: 'json' };
import actionLogRu from './areas/actionLog.ru.json' with { type: 'json' };
import annotationLayersRu from './areas/annotationLayers.ru.json' with { type: 'json' };
import asyncQueriesRu from './areas/asyncQueries.ru.json' with { type: 'json' };
import chartsRu from './areas/charts.ru.json' with { type: 'json' };
import controlsRu from './areas/controls.ru.json' with { type: 'json' };
import crossFiltersRu from './areas/crossFilters.ru.json' with { type: 'json' };
import dashboardRu from './areas/dashboard.ru.json' with { type: 'json' };
import dashboardActionsRu from './areas/dashboardActions.ru.json' with { type: 'json' };
import dashboardEditRu from './areas/dashboardEdit.ru.json' with { type: 'json' };
import dashboardPropertiesRu from './areas/dashboardProperties.ru.json' with { type: 'json' };
import dashboardsRu from './areas/dashboards.ru.json' with { type: 'json' };
import embeddedRu from './areas/embedded.ru.json' with { type: 'json' };
import errorMessagesRu from './areas/errorMessages.ru.json' with { type: 'json' };
import exploreRu from './areas/explore.ru.json' with { type: 'json' };
import formatRu from './areas/format.ru.json' with { type: 'json' };
import globalSearchRu from './areas/globalSearch.ru.json' with { type: 'json' };
import homeRu from './areas/home.ru.json' with { type: 'json' };
import nativeFiltersRu from './areas/nativeFilters.ru.json' with { type: 'json' };
import onboardingRu from './areas/onboarding.ru.json' with { type: 'json' };
import reportsRu from './areas/reports.ru.json' with { type: 'json' };
import sessionsRu from './areas/sessions.ru.json' with { type: 'json' };
import signInRu from './areas/signIn.ru.json' with { type: 'json' };
import sqlLabRu from './areas/sqllab.ru.json' with { type: 'json' };
import tagsRu from './areas/tags.ru.json' with { type: 'json' };
import vizRu from './areas/viz.ru.json' with { type: 'json' };
import type { Catalogue } from './catalogue.en.ts';
import baseRu from './ru.json' with { type: 'json' };

/** Typing ru as the en shape makes a key missing from ru a compile error too. */
export const ru: Catalogue = {
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
