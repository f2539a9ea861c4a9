import fs from 'node:fs';
import { clientTypes, CLIENT_TYPES_FILE } from './api-client-types';

/** npm run api:types: writes the typed client's types from the OpenAPI document (a test checks they are current). */
fs.writeFileSync(CLIENT_TYPES_FILE, await clientTypes());
console.log(`wrote ${CLIENT_TYPES_FILE}`);
