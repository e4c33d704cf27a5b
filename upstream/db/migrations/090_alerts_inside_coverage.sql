-- Every list the API derives keeps to what the member may open (issue 42, decision 104). The alerts and alert
-- settings stored before that rule was applied to them are cleaned up here. The rule is written out in SQL as it
-- stands today (upstream/rights.ts, memberRights.openableProjects and alertChoices): a migration is history, so it
-- does not call code that may change later. tests/upstream/rights-lists.test.ts checks it against the code.
--
-- Who a member is to the rule: a Free Trial (no subscription start) opens any project while it has days and
-- reports left, else only those it opened; anyone else a project they saved or one inside their coverage
-- (an activated subscription's limited dimensions; without one, everything).

-- Alerts about a project the member may not open.
WITH member AS (
  SELECT u.id AS user_id, s.id AS sub_id, coalesce(s.activated, 0) AS activated,
    pl.coverage_limit, pl.coverage_state, pl.coverage_county, pl.coverage_vertical_market,
    u.member_type = 'Free Trial' AND (s.id IS NULL OR s.start_date IS NULL) AS trial,
    s.id IS NOT NULL AND coalesce(s.remaining_projects, 0) > 0
      AND (s.trial_end_date IS NULL OR substr(s.trial_end_date, 1, 10) >= date('now')) AS trial_active
  FROM users u
  LEFT JOIN subscriptions s ON s.user_id = u.id
  LEFT JOIN plans pl ON pl.id = s.plan_id
)
DELETE FROM alerts
WHERE project_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM member m JOIN projects p ON p.id = alerts.project_id
  WHERE m.user_id = alerts.user_id AND (CASE
    WHEN m.trial THEN m.trial_active
      OR EXISTS (SELECT 1 FROM project_views v WHERE v.user_id = m.user_id AND v.project_id = p.id)
    ELSE EXISTS (SELECT 1 FROM user_projects up WHERE up.user_id = m.user_id AND up.project_id = p.id)
      OR m.activated = 0
      OR ((m.coverage_limit = -1 OR m.coverage_state <> 1 OR p.state IN (
             SELECT st.abbr FROM subscription_states x JOIN states st ON st.id = x.state_id
             WHERE x.subscription_id = m.sub_id))
          AND (m.coverage_limit = -1 OR m.coverage_county <> 1 OR EXISTS (
             SELECT 1 FROM subscription_counties x JOIN counties c ON c.id = x.county_id
             WHERE x.subscription_id = m.sub_id AND c.state_abbr = p.state AND c.name = p.county))
          AND (m.coverage_vertical_market <> 1 OR EXISTS (
             SELECT 1 FROM subscription_project_types x JOIN project_project_types y
               ON y.project_type_id = x.project_type_id
             WHERE x.subscription_id = m.sub_id AND y.project_id = p.id)))
  END)
);

-- Alert states outside a paid member's coverage: not among its states, or not a state of its counties.
WITH limited AS (
  SELECT s.user_id, s.id AS sub_id,
    pl.coverage_limit <> -1 AND pl.coverage_state = 1 AS by_state,
    pl.coverage_limit <> -1 AND pl.coverage_county = 1 AS by_county
  FROM subscriptions s
  JOIN plans pl ON pl.id = s.plan_id
  JOIN users u ON u.id = s.user_id
  WHERE s.activated = 1 AND NOT (u.member_type = 'Free Trial' AND s.start_date IS NULL)
)
DELETE FROM user_alert_states
WHERE EXISTS (
  SELECT 1 FROM limited l JOIN states chosen ON chosen.id = user_alert_states.state_id
  WHERE l.user_id = user_alert_states.user_id AND (
    (l.by_state AND chosen.abbr NOT IN (
       SELECT st.abbr FROM subscription_states x JOIN states st ON st.id = x.state_id
       WHERE x.subscription_id = l.sub_id))
    OR (l.by_county AND chosen.abbr NOT IN (
       SELECT c.state_abbr FROM subscription_counties x JOIN counties c ON c.id = x.county_id
       WHERE x.subscription_id = l.sub_id)))
);

-- Alert project types outside a paid member's verticals.
DELETE FROM user_alert_project_types
WHERE EXISTS (
  SELECT 1 FROM subscriptions s
  JOIN plans pl ON pl.id = s.plan_id
  JOIN users u ON u.id = s.user_id
  WHERE s.user_id = user_alert_project_types.user_id AND s.activated = 1
    AND NOT (u.member_type = 'Free Trial' AND s.start_date IS NULL)
    AND pl.coverage_vertical_market = 1
    AND user_alert_project_types.project_type_id NOT IN (
      SELECT project_type_id FROM subscription_project_types WHERE subscription_id = s.id)
);
