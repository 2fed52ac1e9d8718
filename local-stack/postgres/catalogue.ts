// The platform's part of a database's catalogue as one line per fact: the roles Supabase's
// services use (attributes, memberships, settings), and owners and privileges in the schemas
// those services own (auth, storage, realtime, vault; cron and net where a migration made them).
// tests/platform-catalogue.test.ts compares it with postgres/reference/catalogue.txt, the same
// facts as a project created today has them, each with the source file it comes from.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const platformRoles = [
  'postgres',
  'supabase_admin',
  'anon',
  'authenticated',
  'service_role',
  'authenticator',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_realtime_admin',
  'supabase_replication_admin',
  'supabase_etl_admin',
  'supabase_read_only_user',
  'dashboard_user',
  'pgbouncer',
  'supabase_functions_admin',
  'supabase_superuser',
];
export const platformSchemas = ['auth', 'storage', 'realtime', 'vault', 'cron', 'net'];
/** Schemas whose functions are listed too (cron's and net's belong to the stand-ins' interfaces, checked by their own tests). */
const functionSchemas = ['auth', 'storage', 'realtime', 'vault'];

export const referenceFile = fileURLToPath(new URL('./reference/catalogue.txt', import.meta.url));

// An aclitem[] as `grantee privileges` facts, the owner's own entry left out; privileges in
// PostgreSQL's order, `*` after one held with grant option.
const aclFacts = (acl: string, owner: string): string => `
  select grantee, string_agg(letter || case when grantable then '*' else '' end, '' order by position(letter in 'arwdDxtXUCTcsA')) as privileges
  from (
    select case when e.grantee = 0 then 'public' else pg_get_userbyid(e.grantee) end as grantee, e.is_grantable as grantable,
      case e.privilege_type when 'SELECT' then 'r' when 'INSERT' then 'a' when 'UPDATE' then 'w' when 'DELETE' then 'd'
        when 'TRUNCATE' then 'D' when 'REFERENCES' then 'x' when 'TRIGGER' then 't' when 'EXECUTE' then 'X' when 'USAGE' then 'U'
        when 'CREATE' then 'C' when 'TEMPORARY' then 'T' when 'CONNECT' then 'c' when 'SET' then 's' when 'ALTER SYSTEM' then 'A' end as letter
    from aclexplode(${acl}) e where e.grantee <> ${owner}
  ) x group by grantee`;

const queries: string[] = [
  // roles
  `select format('role %s: %s', rolname, concat_ws(' ', case when rolsuper then 'superuser' end, case when rolcanlogin then 'login' else 'nologin' end,
     case when not rolinherit then 'noinherit' end, case when rolcreaterole then 'createrole' end, case when rolcreatedb then 'createdb' end,
     case when rolreplication then 'replication' end, case when rolbypassrls then 'bypassrls' end))
   from pg_roles where rolname = any ($1)`,
  `select format('member %s of %s%s', pg_get_userbyid(m.member), pg_get_userbyid(m.roleid), case when m.admin_option then ' with admin option' end)
   from pg_auth_members m where pg_get_userbyid(m.member) = any ($1) or pg_get_userbyid(m.roleid) = any ($1)`,
  `select format('role %s setting %s', r.rolname, s.setting)
   from pg_db_role_setting d join pg_roles r on r.oid = d.setrole, unnest(d.setconfig) s(setting)
   where r.rolname = any ($1) and s.setting not like 'pgrst.%'`,
  // schemas
  `select format('schema %s owner %s', nspname, pg_get_userbyid(nspowner)) from pg_namespace where nspname = any ($2)`,
  `select format('schema %s grant %s %s', n.nspname, a.grantee, a.privileges)
   from pg_namespace n, lateral (${aclFacts("coalesce(n.nspacl, acldefault('n', n.nspowner))", 'n.nspowner')}) a where n.nspname = any ($2)`,
  // relations
  `select format('%s %s owner %s', case c.relkind when 'S' then 'sequence' when 'v' then 'view' else 'table' end, c.oid::regclass, pg_get_userbyid(c.relowner))
   from pg_class c where c.relnamespace::regnamespace::text = any ($2) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  `select format('%s %s grant %s %s', case c.relkind when 'S' then 'sequence' when 'v' then 'view' else 'table' end, c.oid::regclass, a.grantee, a.privileges)
   from pg_class c, lateral (${aclFacts("coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::\"char\", c.relowner))", 'c.relowner')}) a
   where c.relnamespace::regnamespace::text = any ($2) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  `select format('table %s row level security', c.oid::regclass) from pg_class c
   where c.relnamespace::regnamespace::text = any ($2) and c.relkind in ('r', 'p') and c.relrowsecurity`,
  // functions
  `select format('function %s owner %s%s', p.oid::regprocedure, pg_get_userbyid(p.proowner), case when p.prosecdef then ' security definer' end)
   from pg_proc p where p.pronamespace::regnamespace::text = any ($3)`,
  `select format('function %s grant %s %s', p.oid::regprocedure, a.grantee, a.privileges)
   from pg_proc p, lateral (${aclFacts("coalesce(p.proacl, acldefault('f', p.proowner))", 'p.proowner')}) a
   where p.pronamespace::regnamespace::text = any ($3)`,
  // default privileges in those schemas
  `select format('default privileges of %s in %s on %s grant %s %s', pg_get_userbyid(d.defaclrole), d.defaclnamespace::regnamespace,
     case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' when 'T' then 'types' when 'n' then 'schemas' end,
     a.grantee, a.privileges)
   from pg_default_acl d, lateral (${aclFacts('d.defaclacl', 'd.defaclrole')}) a where d.defaclnamespace::regnamespace::text = any ($2)`,
  // superuser-only settings granted (supautils.privileged_role_allowed_configs); the bootstrap superuser (oid 10) holds them all
  `select format('parameter %s grant %s %s', p.parname, a.grantee, a.privileges)
   from pg_parameter_acl p, lateral (${aclFacts('p.paracl', '10')}) a`,
];

/** The platform facts of the database at `db` (a URL, or a connected client, in whatever transaction it is in), sorted. */
export async function platformCatalogue(db: string | pg.ClientBase): Promise<string[]> {
  const client = typeof db === 'string' ? new pg.Client({ connectionString: db }) : db;
  if (typeof db === 'string') await client.connect();
  try {
    // Qualified names only where pg_catalog does not find them, whoever runs this.
    await client.query(typeof db === 'string' ? `set search_path = ''` : `set local search_path = ''`);
    const arrays = [platformRoles, platformSchemas, functionSchemas].map((names) => `array[${names.map((name) => `'${name}'`).join(', ')}]::text[]`);
    const facts: string[] = [];
    for (const sql of queries) {
      const { rows } = await client.query<{ format: string }>(sql.replace(/\$([123])/g, (_, index: string) => arrays[Number(index) - 1]!));
      facts.push(...rows.map((row) => row.format));
    }
    return [...new Set(facts)].sort();
  } finally {
    if (typeof db === 'string') await (client as pg.Client).end();
  }
}

/** Each difference between `facts` and the reference, named, with the source of a missing one. */
export function differencesFromReference(facts: string[], reference = referenceCatalogue()): string[] {
  const expected = new Map(reference.map((line) => [line.fact, line.source]));
  const actual = new Set(facts);
  return [
    ...[...expected].filter(([fact]) => !actual.has(fact)).map(([fact, source]) => `missing on the stack: ${fact}   (${source})`),
    ...[...actual].filter((fact) => !expected.has(fact)).map((fact) => `not on a project: ${fact}`),
  ];
}

export interface ReferenceFact {
  fact: string;
  source: string;
}

/** postgres/reference/catalogue.txt: `<fact> | <source>` lines; `#` starts a comment line. */
export function referenceCatalogue(file = referenceFile): ReferenceFact[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [fact = '', source = ''] = line.split(' | ');
      return { fact: fact.trim(), source: source.trim() };
    });
}
