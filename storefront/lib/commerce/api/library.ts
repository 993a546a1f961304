/** The library's calls (docs/product.md#library, the API table's `/api/library…`). */
import type { Library, LibraryDevices, LibraryProgress } from '@aba-shop/contract';
import { anyAnswer, callCommerce, CommerceError } from '../client';
import library from '../contract-schemas/library.json';
import libraryDevices from '../contract-schemas/library-devices.json';
import libraryOpened from '../contract-schemas/library-opened.json';
import libraryProgress from '../contract-schemas/library-progress.json';
import { jsonSchemaAnswer } from '../json-schema-answer';
import { messageAnswer } from './message-answer';

export const LIBRARY_PATH = '/api/library';

/** Exchanges a library link's token for this device's library session; whose library it is. */
export const openLibrary = async (token: string) =>
  (
    await callCommerce({
      path: '/api/library/session',
      method: 'POST',
      body: { token },
      answer: jsonSchemaAnswer<{ email: string }>(libraryOpened),
    })
  ).email;

/** What the library shows, or why it shows nothing: closed (no way in) or refused (and why). */
export type LibraryView =
  | { state: 'open'; library: Library }
  | { state: 'closed'; message: string }
  | { state: 'refused'; message: string };

export async function fetchLibrary(): Promise<LibraryView> {
  try {
    const answer = await callCommerce(
      { path: LIBRARY_PATH, answer: jsonSchemaAnswer<Library>(library) },
      { init: { cache: 'no-store' } },
    );
    return { state: 'open', library: answer };
  } catch (error) {
    if (error instanceof CommerceError && error.status === 401)
      return { state: 'closed', message: error.message };
    if (error instanceof CommerceError && error.status === 403)
      return { state: 'refused', message: error.message };
    throw error;
  }
}

/**
 * Keeps the place reached in a file, `at` when it was reached (ms since 1970). `leaving`: the
 * page is being hidden or closed, so the request must outlive it (fetch's keepalive).
 */
export const saveLibraryProgress = (
  { fileKey, position, at }: { fileKey: string; position: number; at: number },
  { leaving = false }: { leaving?: boolean } = {},
) =>
  callCommerce(
    {
      path: '/api/library/progress',
      method: 'POST',
      body: { fileKey, position, at },
      answer: jsonSchemaAnswer<LibraryProgress>(libraryProgress),
    },
    { init: { keepalive: leaving } },
  );

/** Closes the library on this device. */
export const closeLibrary = () =>
  callCommerce({
    path: '/api/library/session',
    method: 'DELETE',
    answer: anyAnswer,
  });

/** Asks for a fresh library link for an expired one's buyer; the answer's words for the page. */
export const renewLibraryLink = async (token: string) =>
  (
    await callCommerce({
      path: '/api/library/link-renewal',
      method: 'POST',
      body: { token },
      answer: messageAnswer,
    })
  ).message;

export const LIBRARY_DEVICES_PATH = '/api/library/devices';

/** The devices a library link opened for this address, this one marked. */
export const fetchLibraryDevices = () =>
  callCommerce(
    { path: LIBRARY_DEVICES_PATH, answer: jsonSchemaAnswer<LibraryDevices>(libraryDevices) },
    { init: { cache: 'no-store' } },
  );

/** Retires every library link of the address and signs out every device, this one included. */
export const signOutEveryLibraryDevice = () =>
  callCommerce({
    path: '/api/library/sign-out-everywhere',
    method: 'POST',
    answer: anyAnswer,
  });
