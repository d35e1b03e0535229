/** The only place tests read the environment: where the test PostgreSQL server is, and the fuzzers' seed. */
export const testEnvironment = {
  /** A server URL (any database on it) where tests may create and drop databases; unset starts an embedded one. */
  databaseUrl: process.env.TEST_DATABASE_URL?.trim() || undefined,
  /** Replaces the fixed seed of the all-routes fuzz test, to explore other inputs. */
  fuzzSeed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
  /** A folder where each test server writes which operations answered with which statuses (scripts/openapi-coverage.ts reads it). */
  openApiCoverageDir: process.env.OPENAPI_COVERAGE_DIR?.trim() || undefined,
};
