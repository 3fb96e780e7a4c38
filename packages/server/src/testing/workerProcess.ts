// The entry of a worker process that a test starts (and may kill): the real worker of
// processes/worker.ts on the configuration in its environment, as `vitrina worker` runs it, but with
// its Redis keys under VITRINA_TEST_REDIS_PREFIX so it shares the test run's queue and nothing else.
import { loadConfig } from '../config.ts';
import { createPlatform } from '../platform/index.ts';
import { prepareMetastore } from '../prepareMetastore.ts';
import { startWorker } from '../processes/worker.ts';
import { assembleContext } from '../startup.ts';

const config = loadConfig();
const keyPrefix = process.env.VITRINA_TEST_REDIS_PREFIX;
if (!config.redisUrl || !config.secretKey || !keyPrefix) {
  throw new Error('a test worker process needs REDIS_URL, VITRINA_SECRET_KEY and VITRINA_TEST_REDIS_PREFIX');
}
const metastore = await prepareMetastore(config);
const ctx = assembleContext({
  config,
  metastore,
  platform: createPlatform({ redisUrl: config.redisUrl, keyPrefix }),
  secretKey: config.secretKey,
});
startWorker(ctx, { info: (line) => console.log(line) });
