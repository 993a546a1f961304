import '@testing-library/jest-dom';
import {
  ReadableStream,
  TextDecoderStream,
  TransformStream,
  WritableStream,
} from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// jsdom leaves out web APIs every browser has; the chat's stream reader (the AI SDK) needs
// these.
for (const [name, value] of Object.entries({
  ReadableStream,
  // Node's own, for the plain data the chat clones.
  structuredClone: (value: unknown) => deserialize(serialize(value)) as unknown,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TransformStream,
  WritableStream,
})) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
