import { main } from '../main';
import { buildWeb, webBuildIsStale } from './web-build';

// `npm start`: build the web app when it is missing or stale, then serve API and web from one process.
if (webBuildIsStale()) {
  console.log('Building the web app…');
  await buildWeb();
}
await main();
