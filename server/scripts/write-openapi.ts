// npm run openapi: writes docs/api/openapi.json, the OpenAPI 3.1 document of the reference server's route schemas
// (server/src/http/openapi.ts). server/tests/openapi/openapi.test.ts fails when the committed file differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument, OPENAPI_FILE } from './openapi-document.js';

const document = await openApiDocument();
writeFileSync(OPENAPI_FILE, document);
console.log(
  `wrote ${join('docs', 'api', 'openapi.json')} (${Object.keys(JSON.parse(document).paths).length} paths)`,
);
