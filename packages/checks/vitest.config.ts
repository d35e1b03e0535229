import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'checks', environment: 'node', include: ['src/**/*.test.ts'] } });
