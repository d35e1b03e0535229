import { bundleServer } from '../scripts/bundle';

/**
 * The process tests run the server as `npm start` does, from its bundle (scripts/bundle.ts): made
 * once from the source under test before any of them starts, not at every start.
 */
export default async function setup() {
  await bundleServer();
}
