import {
  BUILT_IN_ROLES,
  type BuiltInRole,
  GROUPS,
  PERMISSION_CATALOG,
  REQUESTABLE_ROLE_NAMES,
} from './catalog.ts';

/** docs/permissions.md, rendered from the catalogue so the two cannot drift (catalog.test.ts compares). */
export function renderPermissionsDoc(): string {
  const lines = [
    '# Permissions and built-in roles',
    '',
    '<!-- Generated from packages/server/src/security/catalog.ts; do not edit by hand.',
    '     Regenerate with: UPDATE_PERMISSIONS_DOC=1 npx vitest run packages/server/src/security/catalog.test.ts -->',
    '',
    'A permission is a (permission, view) pair as in Superset, such as `can_write` on `Dashboard`. Every',
    "route declares the pair it needs; REST reads need `can_read` and writes `can_write` on the resource's",
    "view. A role is a set of pairs; a user holds the union of their roles' pairs. A role named `admin`, in",
    'any case, passes every check.',
    '',
    'The built-in roles below are written to the metadata store at every start (`syncSecurity`): missing',
    "pairs and roles are created and each built-in role's pairs are reset to this list, so the users and",
    'roles API refuses to rename, delete or re-permission a built-in role. For anything else, create a',
    'custom role: start-up never touches custom roles.',
    '',
    `The roles a person can request during onboarding are ${REQUESTABLE_ROLE_NAMES.map((n) => `\`${n}\``).join(', ')}`,
    '(the misspelling of "Vizualize" is kept from the Dodo fork, whose clients send that name). They include',
    'access to all data (`all_datasource_access`), because an administrator reviews each request and a',
    'viewer without data access would see empty charts; narrower access is a custom role with per-object pairs.',
    "A person's own onboarding (the modal, their request, the team search, `/me/team`, `/me/statements`) needs",
    'only a signed-in account, so a user with no role at all can ask for access; the (`can_read`/`can_write`,',
    '`Onboarding`) and (`can_read`, `Team`) pairs are kept for clients that look them up.',
    "(`can_read`/`can_write`, `Statement`) and (`can_write`, `Team`) are the administrators' review.",
    '',
    '## Roles',
    '',
    '| Role | What it is for | Groups |',
    '|---|---|---|',
    ...BUILT_IN_ROLES.map((role) => `| ${role.name} | ${role.description} | ${groupNames(role)} |`),
    '',
    '## Groups',
    '',
    'Roles are built from these groups of pairs; each says why a role holds them.',
    '',
  ];
  for (const group of Object.values(GROUPS)) {
    lines.push(`### ${group.name}`, '', group.why, '', '| Permission | View |', '|---|---|');
    for (const [permission, view] of group.pairs) lines.push(`| ${permission} | ${view} |`);
    lines.push('');
  }
  lines.push(
    '## Every pair',
    '',
    `The catalogue has ${PERMISSION_CATALOG.length} pairs; Admin holds all of them.`,
    '',
  );
  lines.push('| Permission | View | Roles |', '|---|---|---|');
  for (const [permission, view] of PERMISSION_CATALOG) {
    const holders = BUILT_IN_ROLES.filter((role) =>
      role.groups === 'all'
        ? true
        : role.groups.some((group) => group.pairs.some(([p, v]) => p === permission && v === view)),
    ).map((role) => role.name);
    lines.push(`| ${permission} | ${view} | ${holders.join(', ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

function groupNames(role: BuiltInRole): string {
  if (role.groups === 'all') return 'every pair';
  return role.groups.length === 0 ? 'none' : role.groups.map((group) => group.name).join(', ');
}
