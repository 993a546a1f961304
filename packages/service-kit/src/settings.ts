/**
 * The shape every service gives its settings (ADR 0011): parsed once from the environment by
 * a zod schema, an empty variable meaning "not set", the first problem named with its
 * variable; and in production a list of checks, each met or saying what to do.
 */
import type { z } from 'zod';

/** One requirement of a live shop, as `npm run doctor` lists it and a production start checks it. */
export interface SettingCheck {
  /** The variable the requirement is about. */
  variable: string;
  /** What a live shop needs. */
  requirement: string;
  /** What is wrong and what to do; absent when the requirement is met. */
  problem?: string;
  /** Printed at start, but does not stop the service. */
  warning?: boolean;
}

/** A list of checks and the way to add one: `problem` false when the requirement is met. */
export function settingChecks(checks: SettingCheck[] = []) {
  const add = (variable: string, requirement: string, problem: string | false, warning = false) => {
    checks.push({
      variable,
      requirement,
      ...(problem ? { problem, ...(warning && { warning }) } : {}),
    });
  };
  return { checks, add };
}

/** The lines that stop a production start, one per unmet requirement. */
export function blockingProblems(checks: SettingCheck[]): string[] {
  return checks.flatMap((check) => (check.problem && !check.warning ? [check.problem] : []));
}

/** The lines printed at start that do not stop it. */
export function warnings(checks: SettingCheck[]): string[] {
  return checks.flatMap((check) => (check.problem && check.warning ? [check.problem] : []));
}

/** Host names that reach this machine only: an address there is not a public shop's. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Parses an environment with a service's schema: an empty variable (`FOO=`) is not set, so
 * its default applies. Throws `makeError("Invalid configuration: VARIABLE what is wrong")`.
 */
export function parseSettings<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
  makeError: (message: string) => Error = (message) => new Error(message),
): z.output<Schema> {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue && issue.path.length > 0 ? issue.path.join('.') : 'environment';
  throw makeError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
}
