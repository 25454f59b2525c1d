/** Business constants and limits of SPEC §9, shared by server and web. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const ANSWERED_STATUS_MIN = 200;
export const ANSWERED_STATUS_MAX = 500;
export const DUPLICATE_GUARD_MS = 3_000;

/** A stored token older than this leads to logout. */
export const TOKEN_MAX_AGE_S = 3_600;
/** Token age (seconds) at which the web refreshes it. */
export const TOKEN_REFRESH_AT_S = 3_000;
export const TOKEN_CHECK_INTERVAL_MS = 10_000;

export const NOTICE_POLL_MS = 60_000;
export const NOTICE_DEFAULT_TAB = 'p010';
export const NOTICE_DICT_CODE = 'SourceFrom';
export const LOG_BADGE_MAX = 99;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100, 200] as const;
export const PAGE_SIZE_MAX = 200;

export const DEFAULT_TENANT_ID = '000000';
export const FIRST_PAGE = { path: '/wel/index', label: '首页' } as const;
export const WALLET_FIRST_PAGE = '/yuan/generic/wallet0';

export const THEME_COLOR_DEFAULT = '#409EFF';
export const THEMES = [
  'theme-default',
  'theme-white',
  'theme-star',
  'theme-bule',
  'theme-vip',
  'theme-cool',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const VIDEO_SEEK_S = 5;
export const VIDEO_COLUMNS = ['M01', 'P01', 'P03'] as const;
export const VERIFY_CODE_LENGTH = 4;
export const PASSWORD_MIN = 6;
export const UPLOAD_LIMIT = 10;
export const AVATAR_MAX_BYTES = 500 * 1024;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const NOTICE_POPOVER = { width: 350, height: 300 } as const;
export const WEBCHAT_POPUP = { width: 900, height: 720 } as const;
export const TENANT_PACKAGE_DIALOG_WIDTH = 600;
export const DICT_TABLE_DIALOG_WIDTH = 880;

/** Screen size classes of SPEC §2: 3 ≥1200, 2 ≥992, 1 ≥768, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) {
    return 3;
  }
  if (width >= 992) {
    return 2;
  }
  if (width >= 768) {
    return 1;
  }
  return 0;
}

/** Login lock policy: failures per account and per IP before a lock, and how long it lasts. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 30;

export const HEADERS = {
  auth: 'Blade-Auth',
  tenant: 'Tenant-Id',
  dept: 'Dept-Id',
  role: 'Role-Id',
  captchaKey: 'Captcha-Key',
  captchaCode: 'Captcha-Code',
} as const;

export const CAPTCHA_MODES = ['slide', 'image', 'off'] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];

/**
 * A long call (an import) answers progress lines before its envelope when the caller accepts this type: one JSON
 * object a line, `{"progress":{…}}` while it works, the envelope last. Other callers get the envelope alone.
 */
export const PROGRESS_STREAM_TYPE = 'application/x-ndjson';

/** Largest entity import file: 64 MB holds about 200,000 rows of ten fields. */
export const ENTITY_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
