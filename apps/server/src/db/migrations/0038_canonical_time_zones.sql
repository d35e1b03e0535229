-- A profile's zone was stored as Node 20's ICU spells it, CLDR's legacy id (issue 37): whoever chose
-- Asia/Kathmandu got Asia/Katmandu. The profile now keeps the canonical IANA name; the zones saved
-- before are given theirs (the same zones: only the names differ). Status pages and maintenance
-- windows kept the name as sent and are left alone.
UPDATE "users" AS u SET "time_zone" = renamed.canonical
FROM (VALUES
  ('Africa/Asmera', 'Africa/Asmara'),
  ('America/Buenos_Aires', 'America/Argentina/Buenos_Aires'),
  ('America/Catamarca', 'America/Argentina/Catamarca'),
  ('America/Cordoba', 'America/Argentina/Cordoba'),
  ('America/Jujuy', 'America/Argentina/Jujuy'),
  ('America/Mendoza', 'America/Argentina/Mendoza'),
  ('America/Coral_Harbour', 'America/Atikokan'),
  ('America/Indianapolis', 'America/Indiana/Indianapolis'),
  ('America/Louisville', 'America/Kentucky/Louisville'),
  ('America/Godthab', 'America/Nuuk'),
  ('Asia/Saigon', 'Asia/Ho_Chi_Minh'),
  ('Asia/Katmandu', 'Asia/Kathmandu'),
  ('Asia/Calcutta', 'Asia/Kolkata'),
  ('Asia/Rangoon', 'Asia/Yangon'),
  ('Atlantic/Faeroe', 'Atlantic/Faroe'),
  ('Europe/Kiev', 'Europe/Kyiv'),
  ('Pacific/Truk', 'Pacific/Chuuk'),
  ('Pacific/Enderbury', 'Pacific/Kanton'),
  ('Pacific/Ponape', 'Pacific/Pohnpei')
) AS renamed(legacy, canonical)
WHERE u."time_zone" = renamed.legacy;
