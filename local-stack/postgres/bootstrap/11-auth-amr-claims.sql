-- GoTrue's record of how each session was authenticated (the JWT `amr` claim), so a
-- refreshed token keeps the method of the original sign-in.

create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
alter table auth.mfa_amr_claims enable row level security;
grant all on auth.mfa_amr_claims to postgres, dashboard_user;
