import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/**
 * Processes the tests start, each the leader of a process group of its own (spawned detached), so
 * a test that ends, fails or times out kills the whole group: the server and anything it started,
 * never a wrapper alone with its child left running (`tsx` starts node as a child).
 */
const groups = new Set<number>();

/**
 * Kills every group still running: after each test file (test/process-setup.ts, a setup file of
 * the node and e2e projects), so a test that timed out while its server was starting leaves
 * nothing behind, and when the process exits.
 */
export function killAllGroups(): void {
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  groups.clear();
}
process.once('exit', killAllGroups);

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone already.
  }
}

/** `spawn`, with the child the leader of a new process group that killGroup can end. */
export function spawnInGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) groups.add(child.pid);
  return child;
}

/** Sends `signal` (SIGKILL unless told) to every process of the child's group. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  signalGroup(child.pid, signal);
  if (signal === 'SIGKILL') groups.delete(child.pid);
}

/**
 * Time a test that starts a server process may take on a busy 2-core machine (every engineer's
 * tests and CI at once): starting one through tsx took up to 40 s there, against ~3 s alone.
 */
export const PROCESS_TEST_TIMEOUT = 180_000;
