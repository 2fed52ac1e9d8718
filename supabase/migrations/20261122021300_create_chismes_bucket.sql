-- Storage for cotilleo images (ARCHITECTURE "Storage and images"): a private bucket `chismes`,
-- object name = chisme id. Signed-in users may read an object only while its chisme is cotilleo
-- and at most 20 minutes old. No client writes: the chisme-image function uploads with the
-- service role (which bypasses RLS) after checking the caller and the file.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('chismes', 'chismes', false, 1048576 * 5, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

create policy objects_select_authenticated on storage.objects
  for select to authenticated
  using (
    bucket_id = 'chismes'
    and exists (
      select 1 from public.chismes c
      where c.id::text = name
        and c.cotilleo
        and c.created_at >= now() - interval '20 minutes'
    )
  );
comment on policy objects_select_authenticated on storage.objects is 'A cotilleo image is viewable by signed-in users for 20 minutes after its chisme was posted.';
