/**
 * Media made in the test instead of kept in git: a <video> element plays audio-only WAV too, so a silent WAV is a
 * real, seekable clip of a known length.
 */
export function silentWav(seconds: number, sampleRate = 8000): Buffer {
  const bytesPerSample = 2;
  const dataBytes = Math.round(seconds * sampleRate) * bytesPerSample;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // size of the fmt chunk
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * bytesPerSample, 28); // bytes per second
  out.writeUInt16LE(bytesPerSample, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  return out;
}

/** A 1×1 PNG (a cover picture). */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
