import { afterAll } from 'vitest';
import { killAllGroups } from './process-group.ts';

// Whatever a test file started and did not stop (a test that timed out mid-start) ends with the file.
afterAll(killAllGroups);
