export interface HealthDependencies {
  /** Whether the database answers and takes writes now (the db plugin's shared check). */
  databaseReady: () => Promise<boolean>;
}

/** Ready when the service can do its work: its database answers and takes writes. */
export async function readiness({ databaseReady }: HealthDependencies) {
  return (await databaseReady()) ? ('ok' as const) : ('unavailable' as const);
}
