import { afterAll, expect } from 'vitest';
import { undocumented } from './contract.ts';

// Every server test file checks the API contract of the answers it saw (test/server/contract.ts).
afterAll(() => {
  expect(
    [...undocumented].sort(),
    'answers whose status the OpenAPI document does not list (docs/api.md: document them with errors(...))',
  ).toEqual([]);
});
