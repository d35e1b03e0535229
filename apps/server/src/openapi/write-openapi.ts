import fs from 'node:fs/promises';
import { generateOpenApiDocument, openApiFile } from './openapi-document';

await fs.writeFile(openApiFile, await generateOpenApiDocument());
console.log(`wrote ${openApiFile}`);
