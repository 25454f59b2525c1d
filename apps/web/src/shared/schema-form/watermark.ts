import type { CanvasOption } from '@yuan/contract/lowcode/form-json';

/** The smallest part of a 2D context the watermark draws with (a test can stand in for it). */
export interface DrawContext {
  globalAlpha: number;
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  drawImage: (image: CanvasImageSource, x: number, y: number) => void;
  fillText: (text: string, x: number, y: number) => void;
}

/** Draws the picture, then the text at `right`/`bottom` pixels from the lower right corner, `opacity` percent. */
export function drawWatermark(
  context: DrawContext,
  image: CanvasImageSource,
  width: number,
  height: number,
  option: CanvasOption,
): void {
  context.drawImage(image, 0, 0);
  if (!option.text) {
    return;
  }
  context.globalAlpha = (option.opacity ?? 100) / 100;
  context.font = `${option.fontSize ?? 16}px ${option.fontFamily ?? 'sans-serif'}`;
  context.fillStyle = '#ffffff';
  context.textAlign = 'right';
  context.textBaseline = 'bottom';
  context.fillText(option.text, width - (option.right ?? 10), height - (option.bottom ?? 10));
}

/** Types a canvas can write back; others (gif, svg) are sent untouched. */
const DRAWABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The file to upload: an image gets the watermark and is re-encoded at `ratio` quality (a PNG becomes a JPEG then,
 * since PNG has no quality, and its name says so: the server checks content against the extension). Anything
 * else, or a browser without the needed canvas support, sends the file as chosen.
 */
export async function applyCanvasOption(file: File, option: CanvasOption | undefined): Promise<File> {
  if (!option || (!option.text && option.ratio === undefined) || !DRAWABLE.has(file.type)) {
    return file;
  }
  if (typeof createImageBitmap !== 'function') {
    return file;
  }
  const image = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (!context) {
    return file;
  }
  drawWatermark(context, image, image.width, image.height, option);
  const lossy = option.ratio !== undefined && option.ratio < 1;
  const type = lossy && file.type === 'image/png' ? 'image/jpeg' : file.type;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, option.ratio));
  if (!blob) {
    return file;
  }
  const name = type === file.type ? file.name : `${file.name.replace(/\.[^.]*$/, '')}.jpg`;
  return new File([blob], name, { type });
}
