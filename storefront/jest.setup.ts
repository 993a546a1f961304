import '@testing-library/jest-dom';
import { ReadableStream, TextDecoderStream, TransformStream } from 'node:stream/web';
import { TextEncoder } from 'node:util';

// jsdom leaves out web APIs every browser has; the chat reads its reply as a stream of text.
for (const [name, value] of Object.entries({
  ReadableStream,
  TextDecoderStream,
  TextEncoder,
  TransformStream,
})) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
