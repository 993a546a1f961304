/**
 * A client address of its own for a journey's requests to the shared shop. The shop counts its
 * per-visitor limits (sign-in codes, chat messages) by client address, as in production, and a
 * full run sends more than one visitor may; parents each have their own address. The shared
 * shop believes what its loopback clients forward (TRUSTED_PROXIES, global-setup.ts), so each
 * call names another address from 198.18.0.0/15 (RFC 2544), per worker.
 */
import { test } from '@playwright/test';

let given = 0;

export function ownClientAddress(): string {
  given += 1;
  return `198.${18 + (test.info().parallelIndex % 2)}.${(given >> 8) & 255}.${given & 255}`;
}
