/** A started worker or scheduler; stop() lets its in-flight work finish (main.ts calls it on SIGINT/SIGTERM). */
export interface RunningProcess {
  stop(): Promise<void>;
}
