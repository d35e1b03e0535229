-- Existing plans get the catalogue's subscriber limits per status page (issue 16); a plan an operator
-- created keeps the default of 100 (DEFAULT_STATUS_PAGE_SUBSCRIBER_LIMIT).
UPDATE "plans" SET "specifications" = "specifications" || jsonb_build_object('STATUS_PAGE_SUBSCRIBERS',
  CASE "name" WHEN 'Free' THEN 100 WHEN 'Silver' THEN 1000 WHEN 'Gold' THEN 5000 WHEN 'Enterprise' THEN 50000 ELSE 100 END)
WHERE NOT ("specifications" ? 'STATUS_PAGE_SUBSCRIBERS');
