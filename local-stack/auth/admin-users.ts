// The Auth admin API's user routes as GoTrue answers them (supabase/auth
// internal/api/admin.go, pagination.go, models/user.go): list with Link / X-Total-Count,
// create, get, update (metadata merged key by key, null deletes; email_confirm; ban_duration;
// role; password checked like any password), delete hard or soft (soft: e-mail and identities
// obfuscated, metadata emptied, sessions ended, the row kept with deleted_at).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { str } from '../shared/http.ts';
import { parseGoDuration } from '../shared/duration.ts';
import { checkMetadata, readAuthJson, validateEmail } from './input.ts';
import { AuthError, hashPassword, INSTANCE_ID, type AuthStore, type Db, type UserRow } from './store.ts';

const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const DEFAULT_PER_PAGE = 50;

type Json = Record<string, unknown>;

/** GoTrue's `time.ParseDuration` of ban_duration ("none" lifts a ban); undefined when absent. */
function banUntil(body: Json): Date | null | undefined {
  const text = str(body.ban_duration) ?? '';
  if (!text) return undefined;
  if (text === 'none') return null;
  let ms: number;
  try {
    ms = parseGoDuration(text);
  } catch (error) {
    throw new AuthError(400, 'validation_failed', `invalid format for ban duration: ${(error as Error).message}`);
  }
  return ms === 0 ? null : new Date(Date.now() + ms);
}

/** A 64-character random password, as GoTrue gives users created without one. */
export const randomPassword = (): string => randomBytes(48).toString('base64url');

/** models.User.UpdateAppMetaData / UpdateUserMetaData: merge, a null value deletes the key. */
export function mergeMetadata(current: Json | null, updates: Json): Json {
  const next = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

const obfuscate = (id: string, value: string): string =>
  createHash('sha256')
    .update(id + value)
    .digest('base64url');

export function createAdminUsers(store: AuthStore) {
  const { transaction, loadUser, findUserByEmail, userJson, checkPassword, insertUser, insertIdentity } = store;

  async function userOr404(db: Db, id: string): Promise<UserRow> {
    if (!uuid.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await loadUser(db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  async function list(db: Db, url: URL, path: string): Promise<{ body: Json; headers: Record<string, string> }> {
    const parse = (name: string, fallback: number): number => {
      const raw = url.searchParams.get(name);
      if (!raw) return fallback;
      if (!/^\d+$/.test(raw)) {
        throw new AuthError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
      }
      return Number(raw);
    };
    const page = parse('page', 1);
    const perPage = parse('per_page', DEFAULT_PER_PAGE);
    const aud = 'authenticated';
    const filter = url.searchParams.get('filter') ?? '';
    const where = `instance_id = $1 and aud = $2${filter ? ` and (email like $3 or raw_user_meta_data->>'full_name' ilike $3)` : ''}`;
    const params: unknown[] = [INSTANCE_ID, aud, ...(filter ? [`%${filter}%`] : [])];
    // pop's Paginate: a page below 1 is the first, a size below 1 is 20.
    const size = perPage < 1 ? 20 : perPage;
    const offset = (Math.max(page, 1) - 1) * size;
    const { rows: counted } = await db.query<{ count: string }>(`select count(*) from auth.users where ${where}`, params);
    const { rows } = await db.query<UserRow>(`select * from auth.users where ${where} order by created_at desc limit ${size} offset ${offset}`, params);
    const count = Number(counted[0]?.count ?? 0);
    // addPaginationHeaders: next (when there is one) and last, with Go's sorted query encoding.
    const totalPages = Math.ceil(count / size);
    const link = (target: number) => {
      const query = new URLSearchParams(url.searchParams);
      query.set('page', String(target));
      query.sort();
      return `<${path}?${query.toString()}>`;
    };
    const header = (totalPages > page ? `${link(page + 1)}; rel="next", ` : '') + `${link(totalPages)}; rel="last"`;
    const users = [];
    for (const row of rows) users.push(await userJson(db, row, false));
    return { body: { users, aud }, headers: { link: header, 'x-total-count': String(count) } };
  }

  async function create(req: IncomingMessage): Promise<Json> {
    const body = await readAuthJson(req);
    const emailRaw = str(body.email) ?? '';
    if (!emailRaw && !str(body.phone)) throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    if (str(body.phone)) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled'); // see README: no phone
    const email = validateEmail(emailRaw);
    const password = str(body.password);
    const passwordHash = str(body.password_hash) ?? '';
    if (password !== undefined && body.password !== null && passwordHash) {
      throw new AuthError(400, 'validation_failed', 'Only a password or a password hash should be provided');
    }
    if (password && Buffer.byteLength(password) > 72) throw new AuthError(400, 'validation_failed', 'bcrypt: password length exceeds 72 bytes');
    if (passwordHash && !/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHash)) {
      throw new AuthError(400, 'validation_failed', 'Invalid password hash format');
    }
    const id = str(body.id) ?? '';
    if (id && !uuid.test(id)) throw new AuthError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
    if (id && /^0{8}-?0{4}-?0{4}-?0{4}-?0{12}$/.test(id)) throw new AuthError(400, 'validation_failed', 'ID cannot be a nil uuid');
    const userMetadata = (body.user_metadata && typeof body.user_metadata === 'object' ? body.user_metadata : {}) as Json;
    const appMetadata = (body.app_metadata && typeof body.app_metadata === 'object' ? body.app_metadata : null) as Json | null;
    checkMetadata(userMetadata);
    checkMetadata(appMetadata);
    const banned = banUntil(body);
    const hash = passwordHash || (await hashPassword(password || randomPassword()));
    return transaction(async (db) => {
      if (await findUserByEmail(db, email)) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      const userId = id || randomUUID();
      const providers = { provider: 'email', providers: ['email'] };
      await insertUser(db, userId, email, hash, mergeMetadata(providers, appMetadata ?? {}), userMetadata, {
        confirmed: body.email_confirm === true,
        aud: str(body.aud) || 'authenticated',
        role: str(body.role) || 'authenticated',
      });
      await insertIdentity(db, userId, 'email', userId, { sub: userId, email, email_verified: false, phone_verified: false });
      if (body.email_confirm === true) await confirm(db, userId);
      if (banned !== undefined) await db.query('update auth.users set banned_until = $2 where id = $1', [userId, banned]);
      return userJson(db, (await loadUser(db, userId))!);
    });
  }

  /** models.User.Confirm: confirmed now, `email_verified: true` in the user metadata. */
  async function confirm(db: Db, id: string): Promise<void> {
    await db.query(
      `update auth.users set confirmation_token = '', email_confirmed_at = now(),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
       where id = $1`,
      [id],
    );
  }

  async function update(req: IncomingMessage, id: string): Promise<Json> {
    const body = await readAuthJson(req);
    return transaction(async (db) => {
      const user = await userOr404(db, id);
      const email = str(body.email) ? validateEmail(str(body.email)!) : '';
      if (str(body.phone)) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
      const banned = banUntil(body);
      const password = str(body.password);
      if (password !== undefined && body.password !== null) checkPassword(password);
      for (const key of ['user_metadata', 'app_metadata']) checkMetadata(body[key]);
      if (str(body.role)) await db.query('update auth.users set role = $2 where id = $1', [id, str(body.role)]);
      if (body.email_confirm === true) await confirm(db, id);
      if (password !== undefined && body.password !== null) {
        await db.query('update auth.users set encrypted_password = $2 where id = $1', [id, await hashPassword(password)]);
      }
      if (email) {
        // GoTrue would fail on the unique index (500); the stack answers as create does.
        const taken = await findUserByEmail(db, email);
        if (taken && taken.id !== id) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
        const verified = body.email_confirm === true;
        const { rowCount } = await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [id, email, verified],
        );
        if (!rowCount) await insertIdentity(db, id, 'email', id, { sub: id, email, email_verified: verified, phone_verified: false });
        await db.query('update auth.users set email = $2 where id = $1', [id, email]);
      }
      const current = (await loadUser(db, id))!;
      if (body.app_metadata && typeof body.app_metadata === 'object') {
        await db.query('update auth.users set raw_app_meta_data = $2 where id = $1', [id, mergeMetadata(current.raw_app_meta_data, body.app_metadata as Json)]);
      }
      if (body.user_metadata && typeof body.user_metadata === 'object') {
        await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
          id,
          mergeMetadata(current.raw_user_meta_data, body.user_metadata as Json),
        ]);
      }
      if (banned !== undefined) await db.query('update auth.users set banned_until = $2 where id = $1', [id, banned]);
      await db.query('update auth.users set updated_at = now() where id = $1', [id]);
      return userJson(db, (await loadUser(db, user.id))!);
    });
  }

  async function remove(req: IncomingMessage, id: string): Promise<Json> {
    const body = await readAuthJson(req);
    await transaction(async (db) => {
      const user = await userOr404(db, id);
      if (body.should_soft_delete !== true) {
        await db.query('delete from auth.users where id = $1', [id]);
        return;
      }
      if (user.deleted_at) return;
      await db.query(
        `update auth.users set email = $2, phone = $3, email_change = $4, encrypted_password = null,
           confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
           phone_change_token = '', reauthentication_token = '', deleted_at = now(),
           raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb
         where id = $1`,
        [
          id,
          obfuscate(id, user.email ?? ''),
          user.phone ? obfuscate(id, user.phone).slice(0, 15) : null,
          user.email_change ? obfuscate(id, user.email_change) : '',
        ],
      );
      await db.query(
        `update auth.identities set identity_data = '{}'::jsonb,
           provider_id = rtrim(translate(encode(sha256(convert_to(user_id::text || provider || ':' || provider_id, 'UTF8')), 'base64'), '+/', '-_'), '=')
         where user_id = $1`,
        [id],
      );
      await db.query('delete from auth.sessions where user_id = $1', [id]);
    });
    return {};
  }

  async function get(db: Db, id: string): Promise<Json> {
    return userJson(db, await userOr404(db, id));
  }

  return { list, create, get, update, remove, confirm };
}
