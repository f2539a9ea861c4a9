import Fastify from 'fastify';

// The bare baseline: Fastify with the app's server settings, one route, no auth, no database.
const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  bodyLimit: 1024 * 1024,
  routerOptions: { maxParamLength: 5000 },
});
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
