-- Who has a ticket open in the support desk is the agency's business only. The presence channel of a ticket
-- (`support-ticket:<id>`) is private: Realtime lets a subscriber join it, see who is there and announce themselves only
-- where these policies on realtime.messages allow, with realtime.topic() naming the channel. Staff may do all three;
-- clients, visitors and any other private channel get nothing.
create policy "staff see who is on a ticket"
  on realtime.messages for select to authenticated
  using (
    (select public.is_admin())
    and realtime.topic() like 'support-ticket:%'
    and extension in ('broadcast', 'presence')
  );

create policy "staff announce themselves on a ticket"
  on realtime.messages for insert to authenticated
  with check (
    (select public.is_admin())
    and realtime.topic() like 'support-ticket:%'
    and extension = 'presence'
  );
