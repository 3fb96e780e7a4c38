import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DodoRoleResponse,
  ListQueryParams,
  ListResponse,
  MemberCandidate,
  MembershipRequest,
  MyStatementsResponse,
  MyTeam,
  MyTeamResponse,
  NewTeamRequest,
  OnboardingInfo,
  OnboardingResponse,
  StatementDecision,
  StatementFiled,
  StatementItemResponse,
  StatementListItem,
  StatementRequest,
  TeamChangesRequest,
  TeamItemResponse,
  TeamListItem,
} from '@vitrina/common';
import { api } from './client.ts';
import { useInvalidatingMutation, useListQuery } from './resource.ts';

const ONBOARDING_PATH = '/api/v1/onboarding/';
const STATEMENT_PATH = '/api/v1/statement/';
const TEAM_PATH = '/api/v1/team/';

export const onboardingKeys = {
  onboarding: ['onboarding'] as const,
  myTeam: ['onboarding', 'myTeam'] as const,
  myStatements: ['onboarding', 'myStatements'] as const,
  statements: ['statements'] as const,
  statementList: (query: ListQueryParams) => ['statements', 'list', query] as const,
  statement: (id: number) => ['statements', 'item', id] as const,
  teams: ['teams'] as const,
  teamList: (query: ListQueryParams) => ['teams', 'list', query] as const,
  team: (id: number) => ['teams', 'item', id] as const,
};

export type { MemberCandidate, MyTeam, StatementDecision, StatementFiled };

/** A new team as the create dialog makes it (the API also takes is_external as 0/1). */
export type NewTeam = NewTeamRequest & { is_external: boolean };

/** The caller's onboarding record (the server creates it on the first call). */
export function useOnboarding(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.onboarding,
    queryFn: () => api.get<OnboardingResponse>(ONBOARDING_PATH).then((body) => body.result),
    enabled,
    staleTime: 60_000,
  });
}

export function useMyTeam(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.myTeam,
    enabled,
    queryFn: () => api.get<MyTeamResponse>('/api/v1/me/team').then((body) => body.result),
    staleTime: 60_000,
  });
}

export function useMyStatements(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.myStatements,
    enabled,
    queryFn: () =>
      api.get<MyStatementsResponse>('/api/v1/me/statements').then((body) => body.result.statements),
  });
}

/** Step 1: stores the role in Dodo Brands, which starts onboarding. */
export function useSaveDodoRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dodoRole: string) => api.put<DodoRoleResponse>(ONBOARDING_PATH, { dodo_role: dodoRole }),
    onSuccess: (body) =>
      queryClient.setQueryData<OnboardingInfo>(onboardingKeys.onboarding, (info) =>
        info ? { ...info, ...body.result } : info,
      ),
  });
}

/** Step 2: files the request, which finishes onboarding; joining an existing team takes effect at once. */
export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StatementRequest) => api.post<StatementFiled>(STATEMENT_PATH, request),
    onSuccess: (body) => {
      queryClient.setQueryData<OnboardingInfo>(onboardingKeys.onboarding, (info) =>
        info
          ? { ...info, is_onboarding_finished: body.result.is_onboarding_finished, open_by_itself: false }
          : info,
      );
      // New roles change what every screen may show: the current user's roles first of all.
      if (body.result.state === 'approved') void queryClient.invalidateQueries();
      else void queryClient.invalidateQueries({ queryKey: onboardingKeys.myStatements });
    },
  });
}

/** Teams of one origin whose name contains the text (the onboarding search and the request page's). */
export function searchTeams(text: string, isExternal: boolean): Promise<TeamListItem[]> {
  return api
    .get<ListResponse<TeamListItem>>(TEAM_PATH, {
      filters: [
        { col: 'name', opr: 'ct_name', value: text.trim() },
        { col: 'is_external', opr: 'eq_external', value: isExternal ? 1 : 0 },
      ],
      page_size: 50,
    })
    .then((body) => body.result);
}

/** People to add to a team, by name or email. */
export function searchMemberCandidates(text: string): Promise<MemberCandidate[]> {
  return api
    .get<ListResponse<MemberCandidate>>(`${TEAM_PATH}users/`, {
      filters: [{ col: 'name', opr: 'usr_name', value: text.trim() }],
      page_size: 25,
    })
    .then((body) => body.result);
}

export function useStatements(query: ListQueryParams) {
  return useListQuery<StatementListItem>(onboardingKeys.statementList(query), STATEMENT_PATH, query);
}

export function useStatement(id: number) {
  return useQuery({
    queryKey: onboardingKeys.statement(id),
    queryFn: () => api.get<StatementItemResponse>(`${STATEMENT_PATH}${id}`).then((body) => body.result),
  });
}

export function useDecideStatement(id: number) {
  return useInvalidatingMutation(onboardingKeys.statements, (decision: StatementDecision) =>
    api.put<StatementItemResponse>(`${STATEMENT_PATH}${id}`, decision),
  );
}

export function useTeams(query: ListQueryParams) {
  return useListQuery<TeamListItem>(onboardingKeys.teamList(query), TEAM_PATH, query);
}

export function useTeam(id: number) {
  return useQuery({
    queryKey: onboardingKeys.team(id),
    queryFn: () => api.get<TeamItemResponse>(`${TEAM_PATH}${id}`).then((body) => body.result),
  });
}

export function useCreateTeam() {
  return useInvalidatingMutation(onboardingKeys.teams, (team: NewTeam) =>
    api.post<TeamItemResponse>(TEAM_PATH, team),
  );
}

/** Renames a team (its slug stays) and replaces its roles; its members' roles follow. */
export function useUpdateTeam(id: number) {
  return useInvalidatingMutation(onboardingKeys.teams, (changes: Required<TeamChangesRequest>) =>
    api.put<TeamItemResponse>(`${TEAM_PATH}${id}`, changes),
  );
}

/** Adds or removes a member; either way the team's page and list refresh. */
export function useTeamMembership(action: 'add_user' | 'remove_user') {
  return useInvalidatingMutation(onboardingKeys.teams, (membership: MembershipRequest) =>
    api.post<TeamItemResponse>(`${TEAM_PATH}${action}`, membership),
  );
}
