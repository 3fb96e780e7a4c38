import { randomUUID } from 'node:crypto';
import type { EmbeddedDashboard, EmbeddedDashboardBody, GuestTokenRequest } from '@vitrina/common';
import { checkAllowedDomains } from '@vitrina/common/embedded/allowedDomains';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { embeddedDashboardIds } from '../../security/guestPrincipal.ts';
import { issueGuestToken } from '../../security/guestToken.ts';
import type { Principal } from '../../security/principal.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { findDatasetRow } from '../datasets/repo.ts';
import * as repo from './repo.ts';

/**
 * Embedding a dashboard (Superset's EmbeddedDashboard): the configuration an administrator sets from the
 * dashboard's menu, the guest tokens a host application's back end asks for, and the check of the page
 * that shows it in the host's frame.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function allowedDomainsOf(row: Pick<repo.EmbeddedRow, 'allow_domain_list'>): string[] {
  return row.allow_domain_list.split(',').filter((domain) => domain !== '');
}

/** The domains as origins; a 400 naming each entry that is no site address. */
export function normaliseDomains(domains: readonly string[]): string[] {
  const { origins, invalid } = checkAllowedDomains(domains);
  if (invalid.length > 0) {
    throw new BadRequestError({
      allowed_domains: invalid.map(
        (domain) => `"${domain}" is not a site address such as https://app.example.com`,
      ),
    });
  }
  return origins;
}

function present(row: repo.EmbeddedRow): EmbeddedDashboard {
  return {
    uuid: row.uuid,
    allowed_domains: allowedDomainsOf(row),
    dashboard_id: String(row.dashboard_id),
    changed_on: row.changed_on,
    changed_by:
      row.changed_by_id === null
        ? null
        : {
            id: row.changed_by_id,
            username: row.changed_by_username ?? '',
            first_name: row.changed_by_first_name ?? '',
            last_name: row.changed_by_last_name ?? '',
          },
  };
}

/** Routes and the page answer 404 while embedding is off, as Superset does. */
export function requireEmbedding(ctx: AppContext): void {
  if (ctx.config.featureFlags.EMBEDDED_SUPERSET !== true) throw new NotFoundError();
}

export async function getEmbedded(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
): Promise<EmbeddedDashboard> {
  const db = ctx.metastore.db;
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  const row = await repo.embeddedOfDashboard(db, dashboard.id);
  if (!row) throw new NotFoundError('This dashboard is not embedded');
  return present(row);
}

export async function setEmbedded(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
  body: EmbeddedDashboardBody,
): Promise<EmbeddedDashboard> {
  const db = ctx.metastore.db;
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  const domains = normaliseDomains(body.allowed_domains);
  await repo.upsertEmbedded(db, {
    uuid: randomUUID(),
    dashboardId: dashboard.id,
    domains: domains.join(','),
    userId: principal.id,
    at: nowIso(),
  });
  const row = await repo.embeddedOfDashboard(db, dashboard.id);
  if (!row) throw new NotFoundError();
  return present(row);
}

export async function removeEmbedded(ctx: AppContext, principal: Principal, idOrSlug: string): Promise<void> {
  const db = ctx.metastore.db;
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  await repo.deleteEmbedded(db, dashboard.id);
}

/** `GET /api/v1/embedded_dashboard/{uuid}`: for whoever sees the dashboard (a guest: one of its own). */
export async function getEmbeddedByUuid(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
): Promise<EmbeddedDashboard> {
  const db = ctx.metastore.db;
  const row = UUID.test(uuid) ? await repo.embeddedByUuid(db, uuid.toLowerCase()) : undefined;
  if (!row) throw new NotFoundError();
  await visibleDashboard(db, principal, String(row.dashboard_id), rbacEnabled(ctx));
  return present(row);
}

/**
 * `POST /api/v1/security/guest_token/`: every resource must name an embedded dashboard and every RLS
 * rule's dataset must exist; the token carries the rules as given (their SQL reaches an engine only
 * inside a compiled query, which that engine's parser checks like any other).
 */
export async function grantGuestToken(ctx: AppContext, body: GuestTokenRequest): Promise<string> {
  const db = ctx.metastore.db;
  const resources = body.resources.map((resource) => ({
    type: 'dashboard' as const,
    id: String(resource.id),
  }));
  for (const resource of resources) {
    if ((await embeddedDashboardIds(db, [resource.id])).length === 0) {
      throw new BadRequestError('EmbeddedDashboard not found.');
    }
  }
  const rls = [];
  for (const rule of body.rls) {
    if (rule.dataset === undefined || rule.dataset === null) {
      rls.push({ clause: rule.clause });
      continue;
    }
    if (!(await findDatasetRow(db, rule.dataset))) {
      throw new BadRequestError({ rls: [`Dataset ${rule.dataset} does not exist`] });
    }
    rls.push({ dataset: rule.dataset, clause: rule.clause });
  }
  const user = body.user ?? {};
  return issueGuestToken(ctx.config.guestTokens, ctx.secretKey, {
    user: {
      username: user.username ?? '',
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
    },
    resources,
    rls,
  });
}

/**
 * Whether the page `/embedded/{uuid}` may be shown: its configuration, and when it lists domains, a
 * Referer from one of them (Superset's check; frame-ancestors makes the browser enforce the same).
 */
export async function embeddedPageDomains(ctx: AppContext, uuid: string, referer: string | undefined) {
  requireEmbedding(ctx);
  const row = UUID.test(uuid) ? await repo.embeddedByUuid(ctx.metastore.db, uuid.toLowerCase()) : undefined;
  if (!row) throw new NotFoundError();
  const domains = allowedDomainsOf(row);
  if (domains.length === 0) return domains;
  let origin: string | null = null;
  try {
    origin = referer ? new URL(referer).origin : null;
  } catch {
    origin = null;
  }
  if (origin === null || !domains.includes(origin)) {
    throw new ForbiddenError('This dashboard may not be embedded on this site');
  }
  return domains;
}
