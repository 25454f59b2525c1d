/** What a file really is, read from its first bytes: an upload is judged by content, not by its name. */
export type FileKind = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'text' | MediaKind;
/** Audio and video, e.g. the operation-guide videos of the help dialog. */
export type MediaKind = 'mp4' | 'webm' | 'wav' | 'mp3';

const starts = (b: Buffer, hex: string, at = 0) =>
  b.subarray(at, at + hex.length / 2).equals(Buffer.from(hex, 'hex'));

export function sniff(b: Buffer): FileKind | null {
  if (starts(b, '89504e470d0a1a0a')) {
    return 'png';
  }
  if (starts(b, 'ffd8ff')) {
    return 'jpg';
  }
  if (starts(b, '474946383761') || starts(b, '474946383961')) {
    return 'gif';
  }
  if (starts(b, '52494646') && starts(b, '57454250', 8)) {
    return 'webp';
  }
  if (starts(b, '255044462d')) {
    return 'pdf';
  }
  if (starts(b, '504b0304')) {
    return 'zip';
  }
  const media = sniffMedia(b);
  if (media) {
    return media;
  }
  // Plain text: valid UTF-8 without NUL bytes.
  const head = b.subarray(0, 4096);
  if (!head.includes(0) && Buffer.from(head.toString('utf8'), 'utf8').equals(head)) {
    return 'text';
  }
  return null;
}

function sniffMedia(b: Buffer): MediaKind | null {
  // ISO base media (MP4, M4V): a box of type 'ftyp' first.
  if (starts(b, '66747970', 4)) {
    return 'mp4';
  }
  // Matroska/WebM: the EBML header.
  if (starts(b, '1a45dfa3')) {
    return 'webm';
  }
  if (starts(b, '52494646') && starts(b, '57415645', 8)) {
    return 'wav';
  }
  // MP3: an ID3 tag, or an MPEG audio frame sync.
  if (starts(b, '494433') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) {
    return 'mp3';
  }
  return null;
}

/** The extensions allowed for upload and the content each must have. */
export const EXTENSIONS: Record<string, FileKind> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  zip: 'zip',
  xlsx: 'zip',
  docx: 'zip',
  pptx: 'zip',
  // Mobile app packages (the app download's parameter may name one in the storage).
  apk: 'zip',
  ipa: 'zip',
  txt: 'text',
  csv: 'text',
  md: 'text',
  json: 'text',
  mp4: 'mp4',
  m4v: 'mp4',
  webm: 'webm',
  wav: 'wav',
  mp3: 'mp3',
};

/** The Content-Type a stored file of each kind is served with. */
export const MIME_TYPES: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  text: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};
