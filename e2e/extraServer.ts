import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A Vitrina server of a journey's own, for journeys that need a configuration the regular journey
 * servers (playwright.config.ts: 8188 + worker) do not have: started on its own port and empty data
 * directory, waited for until healthy, and stopped by the returned function.
 */
export interface ExtraServerOptions {
  /** Added to the first journey port; each worker adds its index. Keep offsets of different kinds apart. */
  portOffset: number;
  workerIndex: number;
  /** What it is, in its data directory's name and in errors. */
  name: string;
  /** The process role: `serve`, or `all` when it must also run jobs. */
  role: 'serve' | 'all';
  env: Record<string, string>;
}

export interface ExtraServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startExtraServer(options: ExtraServerOptions): Promise<ExtraServer> {
  const port = Number(process.env.VITRINA_E2E_PORT ?? 8188) + options.portOffset + options.workerIndex;
  const url = `http://127.0.0.1:${port}`;
  const root = path.resolve(process.env.VITRINA_E2E_DATA_DIR ?? '.test-output');
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(path.join(root, `${options.name}-${options.workerIndex}-`));
  let output = '';
  const server = spawn(process.execPath, ['packages/server/bin/vitrina.mjs', options.role], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VITRINA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    // Kept beside its data (warnings and errors only) for reading after a failed journey.
    writeFileSync(`${dataDir}.log`, output);
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`the ${options.name} server exited: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the ${options.name} server did not start: ${output.slice(-2000)}`);
}
