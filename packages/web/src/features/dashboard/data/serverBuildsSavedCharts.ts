import { createContext } from 'react';

/**
 * Whether the dashboard's fetcher has the server build its saved charts' queries from what is saved
 * (the batching fetcher sends only their filters and `force`). Then a saved chart asks for its data
 * without its type's code, which it downloads when the data has come (useDashboardChart).
 */
export const ServerBuildsSavedChartsContext = createContext(false);
