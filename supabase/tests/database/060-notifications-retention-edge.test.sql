-- The 30-day retention at its edge (private.trim_notifications, 60-notifications.sql): when a
-- new notification arrives, the owner's notifications older than 30 days go (30 days and one
-- minute), one of 29 days and 23 hours stays. Ages are literals set by hand.
begin;
select plan(3);

select tests.create_supabase_users('retention_owner');
insert into public.notifications (user_id, type, message, unique_id, created_at) values
  (tests.get_supabase_uid('retention_owner'), 'like_on_chisme', 'Casi un mes', 'retention:young', now() - interval '29 days 23 hours'),
  (tests.get_supabase_uid('retention_owner'), 'like_on_chisme', 'Un mes y un minuto', 'retention:old', now() - interval '30 days 1 minute');
-- the trim runs after every insert (this one's too); one more, as a new notification arrives
insert into public.notifications (user_id, type, message, unique_id)
values (tests.get_supabase_uid('retention_owner'), 'like_on_chisme', 'Nueva', 'retention:new');

select is((select count(*)::int from public.notifications where unique_id = 'retention:old'), 0, '30 days and 1 minute old: deleted');
select is((select count(*)::int from public.notifications where unique_id = 'retention:young'), 1, '29 days 23 hours old: kept');
select is((select count(*)::int from public.notifications where unique_id = 'retention:new'), 1, 'the new one is stored');

select * from finish();
rollback;
