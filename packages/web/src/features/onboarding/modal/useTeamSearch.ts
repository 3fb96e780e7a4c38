import { shouldSearchTeams, TEAM_SEARCH_DELAY_MS, type TeamListItem } from '@vitrina/common';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors.ts';

export interface TeamSearch {
  teams: TeamListItem[];
  loading: boolean;
  error: unknown;
}

const IDLE: TeamSearch = { teams: [], loading: false, error: null };

/**
 * Teams of one origin matching typed text: asks once the text has 3 characters and has rested for 500 ms,
 * keeps only the newest answer (an older one arriving late is dropped) and reads a 404 as no teams.
 */
export function useTeamSearch(
  text: string,
  isExternal: boolean,
  search: (text: string, isExternal: boolean) => Promise<TeamListItem[]>,
): TeamSearch {
  const [state, setState] = useState<TeamSearch>(IDLE);
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const request = ++latest.current;
    if (!shouldSearchTeams(text)) {
      setState(IDLE);
      return;
    }
    const timer = setTimeout(() => {
      setState((current) => ({ ...current, loading: true, error: null }));
      searchRef.current(text, isExternal).then(
        (teams) => {
          if (request === latest.current) setState({ teams, loading: false, error: null });
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          if (error instanceof ApiError && error.status === 404) setState(IDLE);
          else setState({ teams: [], loading: false, error });
        },
      );
    }, TEAM_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, isExternal]);

  return state;
}
