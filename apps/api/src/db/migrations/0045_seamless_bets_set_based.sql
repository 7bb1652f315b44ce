-- ADR 096 (amended 2026-11-29, issue 40 §2): the bet function's second version, and the prohibited-games rule as one
-- SQL function that a test holds to TypeScript's `isProhibited`.

-- The items of a promotion's rules of `rule_type`, as `listOf` in packages/contract/src/promotions/rules.ts reads them:
-- a value or an array of values, strings and numbers only, trimmed of what JavaScript's String.prototype.trim removes
-- (white space and line terminators, Unicode's included: btrim knew only ASCII's) and lower-cased.
CREATE OR REPLACE FUNCTION seamless_rule_items(rules jsonb, rule_type text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  select coalesce(array_agg(lower(regexp_replace(
           case jsonb_typeof(item) when 'string' then item #>> '{}' else trim_scale((item #>> '{}')::numeric)::text end,
           '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
           '', 'g'))), '{}')
  from jsonb_array_elements(case jsonb_typeof(rules) when 'array' then rules else '[]'::jsonb end) r,
       jsonb_array_elements(case jsonb_typeof(r->'value') when 'array' then r->'value' else jsonb_build_array(r->'value') end) item
  where r->>'type' = rule_type and jsonb_typeof(item) in ('string', 'number')
$$;
--> statement-breakpoint
-- Whether a promotion's rules prohibit a game (its provider, its catalogue type or null), as `isProhibited` in
-- packages/contract/src/promotions/rules.ts answers: the provider named, or the type named by name or by its number
-- (`type_numbers`, the contract's gameTypeNumbers). A bet on a prohibited game counts for nothing toward the
-- promotion's turnover; TypeScript's twin refuses its launch. seamless.prohibited-parity.routes.test.ts holds the two to
-- one table of cases.
CREATE FUNCTION seamless_prohibited(rules jsonb, provider text, game_type text, type_numbers jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  select lower(provider) = any(seamless_rule_items(rules, 'PROHIBITED_GAMES_PROVIDER'))
      or (game_type is not null and (lower(game_type) = any(seamless_rule_items(rules, 'PROHIBITED_GAMES_TYPE'))
          or coalesce((type_numbers ->> game_type) = any(seamless_rule_items(rules, 'PROHIBITED_GAMES_TYPE')), false)))
$$;
--> statement-breakpoint
-- The batch of bets in ONE statement (ADR 096), its second version: what it decides and writes is unchanged; what it
-- costs a bet is less.
-- * Its statements find rows by key, a batch's few dozen keys. It sets no planner settings of its own: a version that
--   turned sequential scans, hash joins and merge joins off for its statements (so that no plan cached while the tables
--   were small could scan them) cost a bet two to three times the CPU on one wallet, on both databases (ADR 096,
--   amended: measured before landing).
-- * The claims taken, each tx_id's first place in the batch and each round's first bet come from the claims' INSERT in
--   one statement (a window over the batch), not from loops comparing every key with every other; the keys are never
--   built as JSON text.
-- * A bet's status is kept beside its answer: the claims' settlement and the log parse no JSON.
-- * The promotions' prohibited games: `seamless_prohibited`.
CREATE OR REPLACE FUNCTION seamless_bet_batch(
  p_provider text[], p_tx text[], p_player bigint[], p_round text[], p_game text[], p_amount bigint[],
  -- The game session each bet names; null when it had expired when the bet arrived.
  p_session bigint[],
  -- Each bet's verbatim log row: the operation as logged, the provider's request id, the request (token hashed).
  p_log_op text[], p_request_id text[], p_request text[],
  -- The batch's clock, its Bangkok day and that day's start (the loss limit counts from it, ADR 048).
  p_now timestamptz, p_day date, p_day_start timestamptz,
  -- Whether loss limits and promotions' turnover apply (the service was given them).
  p_limits boolean, p_promotions boolean,
  -- The catalogue's messages: INSUFFICIENT_FUNDS, LIMIT_EXCEEDED, INVALID_SESSION, PLAYER_BLOCKED, DUPLICATE, a bet a
  -- rollback took first, a round of another player (no Thai in SQL).
  p_messages text[],
  -- gameTypeNumbers of the contract: a prohibited type may be named by its number.
  p_type_numbers jsonb,
  -- The ledger's NOTIFY channel naming the players whose balance moved ('' none, ADR 049).
  p_channel text
) RETURNS TABLE (seq int, answer text, moved boolean) LANGUAGE plpgsql
  AS $$
declare
  n int := coalesce(cardinality(p_tx), 0);
  players bigint[];
  running bigint[];
  -- Per bet, in processing order: its claim taken by this batch (the first of its tx_id here, and new); the place of
  -- the first bet of its tx_id and of its round in the batch; its round's owner before the batch.
  claimed boolean[];
  first_tx int[];
  first_round int[];
  owner_before bigint[];
  -- Per round (at its first bet's place): the player whose OK bet opened it in this batch.
  opened_by bigint[] := '{}';
  session_ids bigint[];
  session_ok boolean[];
  allow_players bigint[] := '{}';
  allowances bigint[] := '{}';
  ok boolean[] := '{}';
  ensured boolean[] := '{}';
  -- Every place filled (null for a bet not claimed): unnest pairs arrays by position, not by subscript.
  statuses text[] := array_fill(null::text, array[n]);
  answers text[] := '{}';
  replay_balance bigint[] := '{}';
  over_rounds int[];
  i int;
  j int;
  k int;
  al int;
  si int;
  v_balance bigint;
  v_owner bigint;
  v_status text;
  v_message text;
  oks int;
  v_rows int;
  first_print text;
  first_op text;
  first_answer text;
begin
  if n = 0 then
    return;
  end if;
  -- 1. Every player's cash row, ascending, before any claim row (ADR 018, 059): the balances bets are decided on.
  select coalesce(array_agg(distinct x order by x), '{}') into players from unnest(p_player) x;
  select array_agg(coalesce(l.balance, 0) order by p.id) into running
  from unnest(players) p(id)
  left join (select a.player_id, a.balance from accounts a where a.player_id = any(players) and a.kind = 'cash' order by a.player_id for update) l
    on l.player_id = p.id;

  -- 2. The claims in processing order: of two with one tx_id the first is inserted, as one after the other would be.
  -- With them, each bet's first place of its tx_id and of its round in the batch, and its round's owner before it.
  with c as (
    insert into seamless_transactions
      (provider_code, tx_id, op, player_id, round_id, game_code, amount, ref_tx_id, status, fingerprint, response, created_at)
    select v.provider, v.tx, 'bet', v.player, v.round, v.game, v.amount, null, 'PENDING',
           'bet|' || v.player || '|' || v.round || '|' || v.amount || '|-', '{}'::jsonb, p_now
    from unnest(p_provider, p_tx, p_player, p_round, p_game, p_amount) with ordinality v(provider, tx, player, round, game, amount, n)
    order by v.n
    on conflict do nothing
    returning provider_code, tx_id),
  b as (
    select v.n, v.provider, v.tx, v.round,
           min(v.n) over (partition by v.provider, v.tx) as first_tx,
           min(v.n) over (partition by v.provider, v.round) as first_round
    from unnest(p_provider, p_tx, p_round) with ordinality v(provider, tx, round, n))
  select array_agg(b.n = b.first_tx and exists (select 1 from c where c.provider_code = b.provider and c.tx_id = b.tx) order by b.n),
         array_agg(b.first_tx::int order by b.n), array_agg(b.first_round::int order by b.n),
         array_agg((select r.player_id from game_rounds r where r.provider_code = b.provider and r.round_id = b.round) order by b.n)
  into claimed, first_tx, first_round, owner_before
  from b;

  -- The bet gate (ADR 047): the sessions still open, each with whether its player may bet at p_now.
  select coalesce(array_agg(gs.id), '{}'),
         coalesce(array_agg(p.status = 'ACTIVE' and not exists (
           select 1 from player_exclusions e where e.player_id = p.id and e.starts_at <= p_now and (e.ends_at is null or e.ends_at > p_now))), '{}')
  into session_ids, session_ok
  from game_sessions gs join players p on p.id = gs.player_id
  where gs.id = any(p_session) and gs.revoked_at is null;
  -- The loss allowances (ADR 048): the LOSS_DAY limit less today's net loss, bets and wins answered OK before this batch.
  if p_limits then
    select coalesce(array_agg(l.player_id), '{}'), coalesce(array_agg(l.value - coalesce(lost.net, 0)), '{}')
    into allow_players, allowances
    from player_limits l
    left join lateral (
      select sum(case when st.op = 'bet' then st.amount else -st.amount end) as net
      from seamless_transactions st
      where st.player_id = l.player_id and st.created_at >= p_day_start and st.status = 'OK' and st.op in ('bet', 'win')) lost on true
    where l.player_id = any(players) and l.kind = 'LOSS_DAY';
  end if;

  -- 3. The decisions, bet by bet, in decideBets's order of rules, on running balances and allowances.
  for i in 1 .. n loop
    k := array_position(players, p_player[i]);
    v_balance := running[k];
    ok[i] := false;
    ensured[i] := false;
    if not claimed[i] then
      replay_balance[i] := v_balance;
      continue;
    end if;
    si := case when p_session[i] is null then null else array_position(session_ids, p_session[i]) end;
    -- The round's owner: from before the batch, else the player whose OK bet opened it earlier in the batch.
    v_owner := coalesce(owner_before[i], opened_by[first_round[i]]);
    al := array_position(allow_players, p_player[i]);
    v_message := null;
    if si is null then
      v_status := 'INVALID_SESSION'; v_message := p_messages[3];
    elsif not session_ok[si] then
      v_status := 'PLAYER_BLOCKED'; v_message := p_messages[4];
    elsif v_owner is not null and v_owner <> p_player[i] then
      v_status := 'DUPLICATE'; v_message := p_messages[7];
    elsif al is not null and p_amount[i] > allowances[al] then
      -- A refusal leaves what a debit leaves (the accounts), so its replay answers the same balance.
      v_status := 'LIMIT_EXCEEDED'; v_message := p_messages[2]; ensured[i] := true;
    elsif v_balance < p_amount[i] then
      v_status := 'INSUFFICIENT_FUNDS'; v_message := p_messages[1]; ensured[i] := true;
    else
      v_status := 'OK';
      v_balance := v_balance - p_amount[i];
      running[k] := v_balance;
      if al is not null then
        allowances[al] := allowances[al] - p_amount[i];
      end if;
      if v_owner is null then
        opened_by[first_round[i]] := p_player[i];
      end if;
      ok[i] := true;
      ensured[i] := true;
    end if;
    statuses[i] := v_status;
    answers[i] := seamless_answer(v_status, v_balance, p_tx[i], v_message);
  end loop;

  -- 4. The writes. The accounts a debit, or a refusal in its place, needs: created when missing (ledger: ensure).
  insert into accounts (player_id, kind, balance)
  select distinct v.player, 'cash', 0 from unnest(p_player, ensured) v(player, e) where v.e
  on conflict (player_id, kind) where player_id is not null do nothing;
  insert into accounts (kind)
  select distinct 'game:' || v.provider from unnest(p_provider, ensured) v(provider, e) where v.e
  on conflict (kind) where player_id is null do nothing;

  select count(*) into oks from unnest(ok) x where x;
  if oks > 0 then
    if exists (select 1 from unnest(p_amount, ok) v(amount, ok) where v.ok and v.amount <= 0) then
      raise exception 'transfer amount must be positive';
    end if;
    -- The ledger's move (as ledger_move): each player's cash less its OK bets, never below zero; one immutable
    -- transfer a bet; a key that exists already means something else wrote it: the batch fails (CONFLICT).
    update accounts a set balance = a.balance - s.total
    from (select v.player, sum(v.amount) as total from unnest(p_player, p_amount, ok) v(player, amount, ok) where v.ok group by v.player) s
    where a.player_id = s.player and a.kind = 'cash' and a.balance - s.total >= 0;
    get diagnostics v_rows = row_count;
    if v_rows <> (select count(distinct v.player) from unnest(p_player, ok) v(player, ok) where v.ok) then
      raise exception 'insufficient funds' using errcode = 'SB402';
    end if;
    insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
    select 'seamless:' || v.provider || ':' || v.tx, pa.id, ha.id, v.amount, 'game_bet', 'round:' || v.provider || ':' || v.round, p_now
    from unnest(p_provider, p_tx, p_player, p_round, p_amount, ok) with ordinality v(provider, tx, player, round, amount, ok, n)
    join accounts pa on pa.player_id = v.player and pa.kind = 'cash'
    join accounts ha on ha.player_id is null and ha.kind = 'game:' || v.provider
    where v.ok
    order by v.n
    on conflict (idempotency_key) do nothing;
    get diagnostics v_rows = row_count;
    if v_rows <> oks then
      raise exception 'a seamless transfer key exists already' using errcode = 'SB409';
    end if;
    if p_channel <> '' then
      perform pg_notify(p_channel, x.player::text)
      from (select distinct v.player from unnest(p_player, ok) v(player, ok) where v.ok order by v.player) x;
    end if;

    -- The rounds: created by their first OK bet (its player and game), totals added; those already over are SETTLED
    -- or CLOSED, and a bet in one is valid turnover at once (ADR 057). A round is named by its first bet's place.
    with changed as (
      insert into game_rounds as g (provider_code, round_id, player_id, game_code, total_bet, total_win, status, opened_at, updated_at)
      select r.provider, r.round, r.player, r.game, r.bet, 0, 'OPEN', p_now, p_now
      from (select v.provider, v.round, (array_agg(v.player order by v.n))[1] as player, (array_agg(v.game order by v.n))[1] as game, sum(v.amount) as bet
            from unnest(p_provider, p_round, p_player, p_game, p_amount, ok) with ordinality v(provider, round, player, game, amount, ok, n)
            where v.ok group by v.provider, v.round) r
      on conflict (provider_code, round_id) do update set total_bet = g.total_bet + excluded.total_bet, updated_at = excluded.updated_at
      returning g.provider_code, g.round_id, g.status)
    select coalesce(array_agg(distinct v.first) filter (where c.status in ('SETTLED', 'CLOSED')), '{}') into over_rounds
    from changed c
    join unnest(p_provider, p_round, first_round) v(provider, round, first) on v.provider = c.provider_code and v.round = c.round_id;
    if cardinality(over_rounds) > 0 then
      insert into player_day_turnover (player_id, day, amount)
      select v.player, p_day, sum(v.amount)
      from unnest(p_player, p_amount, ok, first_round) v(player, amount, ok, first)
      where v.ok and v.first = any(over_rounds)
      group by v.player
      on conflict (player_id, day) do update set amount = player_day_turnover.amount + excluded.amount;
    end if;

    -- The promotions' turnover: an OK bet counts toward its player's active promotion unless its game is prohibited
    -- there (seamless_prohibited, twin of isProhibited).
    if p_promotions then
      update player_promotions pp set turnover_current = greatest(0, pp.turnover_current + c.delta)
      from (
        select a.id, a.player_id, sum(v.amount) as delta
        from unnest(p_provider, p_player, p_game, p_amount, ok) v(provider, player, game, amount, ok)
        join (select distinct on (x.player_id) x.id, x.player_id, x.rules from player_promotions x
              where x.player_id = any(players) and x.status = 'ACTIVE' order by x.player_id, x.id) a on a.player_id = v.player
        left join games gm on gm.provider_code = v.provider and gm.code = v.game
        where v.ok and not seamless_prohibited(a.rules, v.provider, gm.type, p_type_numbers)
        group by a.id, a.player_id) c
      where pp.id = c.id and pp.player_id = c.player_id and pp.status = 'ACTIVE';
    end if;
  end if;

  -- 5. The bets whose tx_id was taken: the first answer of their tx_id (this batch's, or the claim row's) when they
  -- are the same request, else DUPLICATE at their running balance (replayAnswer).
  for i in 1 .. n loop
    if claimed[i] then
      continue;
    end if;
    j := first_tx[i];
    if claimed[j] then
      first_print := 'bet|' || p_player[j] || '|' || p_round[j] || '|' || p_amount[j] || '|-';
      first_op := 'bet';
      first_answer := answers[j];
    else
      select st.fingerprint, st.op, seamless_answer_text(st.response) into first_print, first_op, first_answer
      from seamless_transactions st where st.provider_code = p_provider[i] and st.tx_id = p_tx[i];
      if not found then
        raise exception 'a claimed tx_id is missing' using errcode = 'SB409';
      end if;
    end if;
    if first_print = 'bet|' || p_player[i] || '|' || p_round[i] || '|' || p_amount[i] || '|-' then
      answers[i] := first_answer;
    else
      answers[i] := seamless_answer('DUPLICATE', replay_balance[i], p_tx[i], case when first_op = 'tombstone' then p_messages[6] else p_messages[5] end);
    end if;
  end loop;

  -- The claims settled and each bet's verbatim log row with its answer, in one statement (ADR 061). A bet's answer
  -- names its own tx_id, fresh or replayed.
  with settled as (
    update seamless_transactions st set status = v.status, response = v.answer::jsonb
    from unnest(p_provider, p_tx, p_player, answers, statuses, claimed) v(provider, tx, player, answer, status, claimed)
    where v.claimed and st.provider_code = v.provider and st.tx_id = v.tx and st.player_id = v.player
    returning 1)
  insert into seamless_log (provider_code, op, request_id, tx_id, request, response, http_status, created_at)
  select v.provider, v.op, v.request_id, v.tx, v.request, v.answer, 200, p_now
  from unnest(p_provider, p_log_op, p_request_id, p_tx, p_request, answers) with ordinality v(provider, op, request_id, tx, request, answer, n)
  order by v.n;
  -- Each bet's answer, and whether it moved money (the ledger counts those transfers).
  return query select u.n::int, u.answer, u.moved from unnest(answers, ok) with ordinality u(answer, moved, n);
end $$;
