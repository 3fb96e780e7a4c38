import type { AppContext } from '../../http/types.ts';

/**
 * The queries this process is running, by client id, so that a stop reaches the database. A stop is
 * published on the event bus: in-process by default, through Redis when servers and workers are
 * separate processes, so whichever process runs the query aborts it (its driver cancels it).
 */

const STOP_CHANNEL = 'sqllab-stop';

interface Registry {
  controllers: Map<string, AbortController>;
  listening: Promise<unknown> | null;
}

const registries = new WeakMap<AppContext, Registry>();

function registryOf(ctx: AppContext): Registry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = { controllers: new Map(), listening: null };
    registries.set(ctx, registry);
  }
  return registry;
}

async function listen(ctx: AppContext, registry: Registry): Promise<void> {
  registry.listening ??= ctx.platform.events.subscribe(STOP_CHANNEL, (message) => {
    const clientId = (message.event as { client_id?: unknown } | null)?.client_id;
    if (typeof clientId === 'string') registry.controllers.get(clientId)?.abort();
  });
  await registry.listening;
}

/**
 * Registers a run; `stop` aborts it (as a stop request does). Call the release when done. A stop that
 * came before this registration found nothing to abort, so callers check the row once registered.
 */
export async function trackRun(
  ctx: AppContext,
  clientId: string,
): Promise<{ signal: AbortSignal; stop: () => void; release: () => void }> {
  const registry = registryOf(ctx);
  await listen(ctx, registry);
  const controller = new AbortController();
  registry.controllers.set(clientId, controller);
  return {
    signal: controller.signal,
    stop: () => controller.abort(),
    release: () => {
      if (registry.controllers.get(clientId) === controller) registry.controllers.delete(clientId);
    },
  };
}

/** Stops a run wherever it runs: here at once, elsewhere through the event bus. */
export async function requestStop(ctx: AppContext, clientId: string): Promise<void> {
  registryOf(ctx).controllers.get(clientId)?.abort();
  await ctx.platform.events.publish(STOP_CHANNEL, { client_id: clientId });
}
