import fc from 'fast-check';

/** Inputs that break naive code: injections, markup, odd numbers, broken Unicode, huge texts. */
export const NASTY = [
  "' OR '1'='1",
  '1; DROP TABLE yuan_user;--',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000',
  '%00',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999999',
  '0x10',
  ' ',
  '',
  '\ud800',
  '𝕐𝕦𝕒𝕟',
];

export const scalar = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
  fc.integer().map(String),
  fc.double().map(String),
);
export const jsonValue = fc.oneof(
  scalar,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(scalar, { maxLength: 5 }),
  fc.array(fc.integer(), { minLength: 2_000, maxLength: 3_000 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);
