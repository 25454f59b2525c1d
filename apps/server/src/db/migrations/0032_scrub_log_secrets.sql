-- The API log and the error log kept some secrets before each call's schema decided what it logs (decision 0030):
-- imported private keys, unredeemed and one-time codes, credentials inside addresses. SQL cannot read the schemas,
-- so the rows are cleaned by what the contract declares secret: key names, `code` on the routes where it is a
-- one-time or redeemable code, the user info and credential parameters of addresses. Running it again changes
-- nothing: a masked value is masked to itself.
CREATE OR REPLACE FUNCTION yuan_scrub_log_text(t text, code_is_secret boolean, url_query_is_secret boolean)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(
    CASE WHEN url_query_is_secret
      -- A datasource's address: its whole query may carry the password.
      THEN regexp_replace(step2, '("url"\s*:\s*"[^"?\\]*\?)(?:[^"\\]|\\.)*', '\1******', 'g')
      ELSE step2 END,
    -- Credential parameters of any address: ?password=…, &access_token=…, ?code=…
    '([?&](?:password|passwd|pwd|sslpassword|secret|token|access_token|refresh_token|client_secret|code|key)=)[^&#\s"\\]*',
    '\1******', 'gi'),
    -- User info of any address: scheme://user:password@host.
    '([A-Za-z][A-Za-z0-9+.-]*://)[^\s/?#@"\\]+@', '\1******@', 'g')
  FROM (
    SELECT CASE WHEN code_is_secret
      THEN regexp_replace(step1, '"code"\s*:\s*(?:"(?:[^"\\]|\\.)*(?:"|$)|-?[0-9][0-9.eE+-]*)', '"code":"******"', 'g')
      ELSE step1 END AS step2
    FROM (
      -- Values of secret-named keys, a value cut off by the log's length limit included.
      SELECT regexp_replace(t,
        '"([^"\\]*(?:pass|secret|token|captcha|authorization|credential|private_?key|mnemonic|seed_?phrase|accesskey|vercode|ssocode)[^"\\]*)"\s*:\s*(?:"(?:[^"\\]|\\.)*(?:"|$)|-?[0-9][0-9.eE+-]*|true|false)',
        '"\1":"******"', 'gi') AS step1
    ) a
  ) b
$$;

-- Every tenant's rows, whoever owns the tables.
SELECT set_config('app.all_tenants', 'on', true);

WITH cleaned AS (
  SELECT tenant_id, id, yuan_scrub_log_text(
    params,
    request_uri IN (
      '/api/yuan-api/clientApp/sendTerritoryCode',
      '/api/yuan-api/sdk/use',
      '/api/yuan-api/clientApp/sendToken',
      '/api/yuan-api/clientApp/ybiToEth',
      '/api/yuan-user/pwd/retrieve',
      '/api/yuan-auth/oauth/phone',
      '/api/yuan-auth/oauth/token'
    ),
    request_uri = '/api/yuan-develop/datasource/submit'
  ) AS params
  FROM yuan_log_api
)
UPDATE yuan_log_api l SET params = c.params
FROM cleaned c
WHERE l.tenant_id = c.tenant_id AND l.id = c.id AND l.params <> c.params;

WITH cleaned AS (
  SELECT tenant_id, id,
    yuan_scrub_log_text(message, false, false) AS message,
    yuan_scrub_log_text(stack_trace, false, false) AS stack_trace,
    yuan_scrub_log_text(info, false, false) AS info,
    left(yuan_scrub_log_text(request_uri, false, false), 2048) AS request_uri
  FROM yuan_log_error
)
UPDATE yuan_log_error l
SET message = c.message, stack_trace = c.stack_trace, info = c.info, request_uri = c.request_uri
FROM cleaned c
WHERE l.tenant_id = c.tenant_id AND l.id = c.id
  AND (l.message, l.stack_trace, l.info, l.request_uri) IS DISTINCT FROM (c.message, c.stack_trace, c.info, c.request_uri);

DROP FUNCTION yuan_scrub_log_text(text, boolean, boolean);
