import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  seconds: number;
}

export function spawnServer(options: {
  main: string;
  cwd: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  pollMs?: number;
}): Promise<ServerProcess>;

export interface NodeRun {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  stderr: () => string;
}

export function runNode(args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): NodeRun;

export function stopProcess(child: ChildProcess): Promise<void>;
