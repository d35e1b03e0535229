import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'result-buffer', environment: 'node', include: ['src/**/*.test.ts'] } });
