/** The only place tests read the environment: where the test PostgreSQL server is. */
export const testEnvironment = {
  /** A server URL (any database on it) where tests may create and drop databases; unset starts an embedded one. */
  databaseUrl: process.env.TEST_DATABASE_URL?.trim() || undefined,
};
