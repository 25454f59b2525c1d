-- Third-party secrets are stored encrypted (enc:v1:<iv>:<tag>:<ciphertext>), longer than the values themselves.
ALTER TABLE yuan_oss ALTER COLUMN secret_key TYPE varchar(1024);
ALTER TABLE yuan_sms ALTER COLUMN secret_key TYPE varchar(1024);
ALTER TABLE yuan_datasource ALTER COLUMN password TYPE varchar(1024);
