import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './app.factory.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\n  Circo is running at ${url}  (API: ${url}/api, docs: ${url}/api/docs)\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
