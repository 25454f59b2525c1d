import type { resource as zh } from '../zh-CN/resource.ts';

/** Texts of the storage, SMS and attachment screens (en). */
export const resource: Record<keyof typeof zh, string> = {
  'storage.enable': 'Enable',
  'storage.enabled': 'Enabled',
  'storage.enableConfirm': 'Enable "{{code}}"? The other configurations will be disabled.',
  'attach.upload': 'Upload',
  'attach.uploadTitle': 'Upload attachments',
  'attach.uploadHint': 'Click or drag files here to upload',
  'attach.uploadLimit':
    'At most {{max}} files at a time; the type is checked by content and must match the extension',
  'attach.uploaded': 'Uploaded',
  'attach.uploadFailed': '{{name}} was not uploaded: {{message}}',
  'attach.tooMany': 'At most {{max}} files at a time',
  'attach.download': 'Download',
} as const;
